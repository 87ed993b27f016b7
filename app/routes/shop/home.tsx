import { data } from "react-router";
import { ContentBody } from "../../components/content/ContentBody";
import { faqJsonLd, organizationJsonLd } from "../../components/content/content-json-ld";
import { canonicalUrl, pageMeta } from "../../lib/page-meta";
import type { Route } from "./+types/home";

/** The home page: a merchandising page built from CMS blocks (hero, how it works, science, reviews, press, FAQ). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const page = await context.pages.find("home");
  if (!page) throw data(null, { status: 404 });
  return { page, url: canonicalUrl(request), origin: new URL(request.url).origin };
}

export const meta: Route.MetaFunction = ({ loaderData: d }) => {
  if (!d) return pageMeta(null);
  const faq = faqJsonLd(d.page.blocks);
  return [...pageMeta(d.page, d.url), { "script:ld+json": organizationJsonLd(d.origin) }, ...(faq ? [{ "script:ld+json": faq }] : [])];
};

export default function Home({ loaderData }: Route.ComponentProps) {
  return <ContentBody page={loaderData.page} />;
}

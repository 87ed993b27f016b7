import { data } from "react-router";
import { routeNameForPath } from "../../../domain/routes";
import { ArticleList } from "../../components/content/ArticleList";
import { ContentBody } from "../../components/content/ContentBody";
import { faqJsonLd } from "../../components/content/content-json-ld";
import { canonicalUrl, pageMeta } from "../../lib/page-meta";
import type { Route } from "./+types/content-page";

/** Any CMS page. The path names the route, the route names its content; the Cultured index adds its articles. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const name = routeNameForPath(new URL(request.url).pathname);
  const page = name ? await context.pages.find(name) : null;
  if (!page) throw data(null, { status: 404 });
  const articles = name === "cultured" ? await context.articles.list() : [];
  return { page, articles, url: canonicalUrl(request) };
}

export const meta: Route.MetaFunction = ({ loaderData: d }) => {
  if (!d) return pageMeta(null);
  const faq = faqJsonLd(d.page.blocks);
  return [...pageMeta(d.page, d.url), ...(faq ? [{ "script:ld+json": faq }] : [])];
};

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  const { page, articles } = loaderData;
  return <ContentBody page={page}>{articles.length > 0 ? <ArticleList articles={articles} /> : null}</ContentBody>;
}

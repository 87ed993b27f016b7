import { data } from "react-router";
import { routeNameForPath } from "../../../domain/routes";
import { PrivacyRights } from "../../components/account/PrivacyRights";
import { PageIntro } from "../../components/content/PageIntro";
import { pageMeta } from "../../lib/page-meta";
import type { Route } from "./+types/content-page";

/** Any CMS page. The path names the route, the route names its content. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const name = routeNameForPath(new URL(request.url).pathname);
  const page = name ? await context.pages.find(name) : null;
  if (!page) throw data(null, { status: 404 });
  return { page, name };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.page);

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  return <PageIntro page={loaderData.page}>{loaderData.name === "consumer_health_data" && <PrivacyRights />}</PageIntro>;
}

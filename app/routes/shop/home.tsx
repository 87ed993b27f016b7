import { data } from "react-router";
import { PageIntro } from "../../components/content/PageIntro";
import { pageMeta } from "../../lib/page-meta";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  const page = await context.pages.find("home");
  if (!page) throw data(null, { status: 404 });
  return { page };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.page);

export default function Home({ loaderData }: Route.ComponentProps) {
  return <PageIntro page={loaderData.page} />;
}

import { useMatches } from "react-router";

/** The CMS layout value of the page being shown (loaderData.page.layout of the deepest route), if any. */
export function usePageLayout(): string | null {
  const matches = useMatches();
  const data = matches[matches.length - 1]?.loaderData as { page?: { layout?: unknown } } | null | undefined;
  const layout = data?.page?.layout;
  return typeof layout === "string" ? layout : null;
}

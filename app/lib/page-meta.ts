import type { ContentPage } from "../../domain/content";

/** Title and description tags for a CMS page. */
export function pageMeta(page: Pick<ContentPage, "title" | "description"> | null | undefined) {
  if (!page) return [{ title: "Seed" }];
  return [{ title: `${page.title} | Seed` }, { name: "description", content: page.description }];
}

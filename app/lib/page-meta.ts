import type { ContentPage } from "../../domain/content";

export const SITE_NAME = "Seed";

/**
 * Title, description, canonical link, Open Graph and Twitter card tags for a page. `url` is the page's absolute
 * address without query (the loader gives it), so campaign links all point search engines at one canonical page.
 */
export function pageMeta(page: Pick<ContentPage, "title" | "description"> | null | undefined, url?: string, type: "website" | "article" = "website") {
  if (!page) return [{ title: SITE_NAME }];
  const title = `${page.title} | ${SITE_NAME}`;
  return [
    { title },
    { name: "description", content: page.description },
    ...(url ? [{ tagName: "link", rel: "canonical", href: url }, { property: "og:url", content: url }] : []),
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: type },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { name: "twitter:card", content: "summary" },
    { name: "twitter:title", content: page.title },
    { name: "twitter:description", content: page.description },
  ];
}

/** The canonical address of a request: origin and path, no query, no fragment. */
export const canonicalUrl = (request: Request) => {
  const url = new URL(request.url);
  return `${url.origin}${url.pathname}`;
};

export function breadcrumbJsonLd(items: { name: string; url: string }[]) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, i) => ({ "@type": "ListItem", position: i + 1, name: item.name, item: item.url })),
  };
}

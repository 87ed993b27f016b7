import { z } from "./zod";
import { BlockList, readingMinutes, type Block } from "./blocks";
import type { MediaImage } from "./media";
import { ROUTES, type RouteName } from "./routes";

/** A CMS page as kept in content/pages.json and the content_pages table. Blocks are rendered by app/blocks. */
export const PAGE_LAYOUTS = ["default", "blank"] as const;


export const ContentPageSeedSchema = z.object({
  routeName: z.string().refine((n): n is RouteName => Object.hasOwn(ROUTES, n), "must be a route name of domain/routes"),
  title: z.string().min(1).max(200),
  intro: z.string().min(1).max(1000),
  description: z.string().min(1).max(300),
  layout: z.enum(PAGE_LAYOUTS).default("default"),
  blocks: BlockList.default([]),
});

/** A Cultured article: an essay in blocks with its byline, date and the products it relates to. */
export const ArticleSeedSchema = z.object({
  slug: z.string().max(80, { abort: true }).regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  title: z.string().min(1).max(200),
  description: z.string().min(1).max(300),
  author: z.string().min(1).max(100),
  authorRole: z.string().min(1).max(150),
  publishedOn: z.iso.date(),
  category: z.string().min(1).max(60),
  /** Product codes of content/catalog.json. */
  relatedProducts: z.array(z.string().min(1)).max(4).default([]),
  blocks: BlockList.min(1),
});

export const ContentSeedSchema = z.object({ pages: z.array(ContentPageSeedSchema), articles: z.array(ArticleSeedSchema).default([]) });
export type ArticleSeed = z.infer<typeof ArticleSeedSchema>;

export interface Article extends ArticleSeed {
  path: string;
  readingMinutes: number;
  /** The cover photograph from the media library (null: none, or its image is no longer in the library). */
  cover: MediaImage | null;
}

export const articlePath = (slug: string) => `${ROUTES.cultured}${slug}`;

export function toArticle(seed: ArticleSeed): Article {
  return { ...seed, path: articlePath(seed.slug), readingMinutes: readingMinutes(seed.blocks), cover: null };
}

export type ContentPageSeed = z.infer<typeof ContentPageSeedSchema>;

export interface ContentPage {
  routeName: RouteName;
  path: string;
  title: string;
  intro: string;
  description: string;
  layout: (typeof PAGE_LAYOUTS)[number];
  blocks: Block[];
}

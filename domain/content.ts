import { z } from "zod";
import { ROUTES, type RouteName } from "./routes";

/** A CMS page as kept in content/pages.json and the content_pages table. Blocks are rendered by app/blocks. */
export const PAGE_LAYOUTS = ["default", "blank"] as const;

export const ContentBlockSchema = z.looseObject({ type: z.string().min(1) });

export const ContentPageSeedSchema = z.object({
  routeName: z.string().refine((n): n is RouteName => Object.hasOwn(ROUTES, n), "must be a route name of domain/routes"),
  title: z.string().min(1).max(200),
  intro: z.string().min(1).max(1000),
  description: z.string().min(1).max(300),
  layout: z.enum(PAGE_LAYOUTS).default("default"),
  blocks: z.array(ContentBlockSchema).default([]),
});

export const ContentSeedSchema = z.object({ pages: z.array(ContentPageSeedSchema) });

export type ContentPageSeed = z.infer<typeof ContentPageSeedSchema>;

export interface ContentPage {
  routeName: RouteName;
  path: string;
  title: string;
  intro: string;
  description: string;
  layout: (typeof PAGE_LAYOUTS)[number];
  blocks: z.infer<typeof ContentBlockSchema>[];
}

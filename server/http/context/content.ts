import type { Context } from "hono";
import type { Article, ContentPage } from "../../../domain/content";
import type { RouteName } from "../../../domain/routes";
import { findArticle, findPage, listArticles } from "../../modules/content";
import type { AppEnv } from "../types";

export interface ContentContext {
  pages: { find(name: RouteName): Promise<ContentPage | null> };
  articles: { find(slug: string): Promise<Article | null>; list(): Promise<Omit<Article, "blocks">[]> };
}

export function contentContext(c: Context<AppEnv>): ContentContext {
  const shop = c.get("shop");
  return {
    pages: { find: (name) => findPage(shop, name) },
    articles: { find: (slug) => findArticle(shop, slug), list: () => listArticles(shop) },
  };
}

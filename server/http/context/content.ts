import type { Context } from "hono";
import type { ContentPage } from "../../../domain/content";
import type { RouteName } from "../../../domain/routes";
import { findPage } from "../../modules/content";
import type { AppEnv } from "../types";

export interface ContentContext {
  pages: { find(name: RouteName): Promise<ContentPage | null> };
}

export function contentContext(c: Context<AppEnv>): ContentContext {
  const shop = c.get("shop");
  return { pages: { find: (name) => findPage(shop, name) } };
}

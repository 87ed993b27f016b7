import type { Context } from "hono";
import type { AppEnv } from "../types";
import { catalogContext, type CatalogContext } from "./catalog";
import { consoleContext, type ConsoleContext } from "./console";
import { contentContext, type ContentContext } from "./content";
import { mailboxContext, type MailboxContext } from "./mailbox";
import { ordersContext, type OrdersContext } from "./orders";
import { shellContext, type ShellContext } from "./shell";

export { COUNTRY_COOKIE, PREVIEW_COOKIE, type ShellViewer } from "./shell";

/**
 * What route loaders receive as `context`. The app reaches the server only through this object. Each area builds
 * its own part in a file of this folder; a new area adds its file and one line here.
 */
export type ShopLoadContext = ShellContext & ContentContext & CatalogContext & OrdersContext & MailboxContext & ConsoleContext;

export async function buildLoadContext(c: Context<AppEnv>): Promise<ShopLoadContext> {
  return { ...(await shellContext(c)), ...contentContext(c), ...catalogContext(c), ...ordersContext(c), ...mailboxContext(c), ...consoleContext(c) };
}

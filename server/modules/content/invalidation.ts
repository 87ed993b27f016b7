import type { Shop } from "../../shop";

/**
 * Rendered pages depend on content and prices. Whoever changes either calls notifyPagesChanged, inside or after its
 * transaction; every process of the deployment LISTENs on this channel and empties its page cache
 * (docs/decisions/0021-page-cache.md). NOTIFY inside a transaction is delivered only at commit, which is what we want.
 */
export const PAGES_CHANGED_CHANNEL = "shop_pages_changed";

export async function notifyPagesChanged(shop: Shop, reason: string): Promise<void> {
  await shop.database.executeSql("select pg_notify($1, $2)", [PAGES_CHANGED_CHANNEL, reason.slice(0, 200)]);
}

export function listenForPageChanges(shop: Shop, onChange: (reason: string) => void): Promise<() => Promise<void>> {
  return shop.database.listen(PAGES_CHANGED_CHANNEL, onChange);
}

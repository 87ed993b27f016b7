import type { Shop } from "../../shop";
import { CATALOG_CHANGED } from "../catalog";

/**
 * Rendered pages depend on content and prices. Whoever changes either calls notifyPagesChanged, inside or after its
 * transaction; every process of the deployment LISTENs on this channel and empties its page cache
 * (docs/decisions/0021-page-cache.md). NOTIFY inside a transaction is delivered only at commit, which is what we want.
 */
export const PAGES_CHANGED_CHANNEL = "shop_pages_changed";

export async function notifyPagesChanged(shop: Shop, reason: string): Promise<void> {
  await shop.database.executeSql("select pg_notify($1, $2)", [PAGES_CHANGED_CHANNEL, reason.slice(0, 200)]);
}

/**
 * Calls onChange when content or prices change in any process: this channel, and the catalogue's own (its triggers
 * announce every price or product change, however it was made). A lost connection counts as a change, and so does its
 * return, since notices committed in between were missed (ADR 0052). `live` answers whether changes are heard now: a
 * cache must not store while it is false.
 */
export async function listenForPageChanges(shop: Shop, onChange: (reason: string) => void): Promise<{ live: () => boolean; stop: () => Promise<void> }> {
  const listeners = await Promise.all(
    [PAGES_CHANGED_CHANNEL, CATALOG_CHANGED].map((channel) =>
      shop.database.listen(channel, {
        onNotice: () => onChange(channel),
        onLost: () => onChange("listening connection lost"),
        onBack: () => onChange("listening again after a loss"),
      }),
    ),
  );
  return {
    live: () => listeners.every((l) => l.live()),
    stop: async () => {
      await Promise.all(listeners.map((l) => l.stop()));
    },
  };
}

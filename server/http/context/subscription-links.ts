import type { Context } from "hono";
import { toShopError } from "../../../domain/errors";
import type { CardInput } from "../../integrations/payments/sandbox";
import { describeLink, describeManageLink, LINK_ACTIONS, performLink, type LinkAction, type LinkView, type ManageView } from "../../workflows/subscription-links";
import type { AppEnv } from "../types";

export type LinkAnswer<T> = { ok: true; value: T } | { ok: false; code: string; message: string };

export interface SubscriptionLinksContext {
  subscriptionLinks: {
    isAction(value: string | null): value is LinkAction;
    describe(action: LinkAction, token: string): Promise<LinkAnswer<LinkView>>;
    perform(action: LinkAction, token: string, card: CardInput | null): Promise<LinkAnswer<string>>;
    /** The subscription's page of a "manage" link (ADR 0063). */
    manage(token: string): Promise<LinkAnswer<ManageView>>;
  };
}

export async function answer<T>(run: () => Promise<T>): Promise<LinkAnswer<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    const e = toShopError(error);
    return { ok: false, code: e.code, message: e.message };
  }
}

export function subscriptionLinksContext(c: Context<AppEnv>): SubscriptionLinksContext {
  const shop = c.get("shop");
  return {
    subscriptionLinks: {
      isAction: (value): value is LinkAction => (LINK_ACTIONS as readonly (string | null)[]).includes(value),
      describe: (action, token) => answer(() => describeLink(shop, action, token)),
      perform: (action, token, card) => answer(() => performLink(shop, action, token, card)),
      manage: (token) => answer(() => describeManageLink(shop, token)),
    },
  };
}

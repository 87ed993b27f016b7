import type { Context } from "hono";
import type { AppEnv } from "../types";
import { accountsContext, type AccountsContext } from "./accounts";
import { catalogContext, type CatalogContext } from "./catalog";
import { consoleContext, type ConsoleContext } from "./console";
import { contentContext, type ContentContext } from "./content";
import { formsContext, type FormsContext } from "./forms";
import { foundUsContext, type FoundUsContext } from "./found-us";
import { guestOrdersContext, type GuestOrdersContext } from "./guest-orders";
import { homeContext, type HomeContext } from "./home";
import { mailboxContext, type MailboxContext } from "./mailbox";
import { orderHistoryContext, type OrderHistoryContext } from "./order-history";
import { ordersContext, type OrdersContext } from "./orders";
import { referralsContext, type ReferralsContext } from "./referrals";
import { reviewsContext, type ReviewsContext } from "./reviews";
import { quizContext, type QuizContext } from "./quiz";
import { shellContext, type ShellContext } from "./shell";
import { subscriptionLinksContext, type SubscriptionLinksContext } from "./subscription-links";
import { subscriptionsContext, type SubscriptionsContext } from "./subscriptions";
import { serverMarkupContext, type ServerMarkupContext } from "./server-markup";

export type { AccountResult, SessionRowView } from "./accounts";
export { COUNTRY_COOKIE, PREVIEW_COOKIE, type ShellViewer } from "./shell";

/**
 * What route loaders receive as `context`. The app reaches the server only through this object. Each area builds
 * its own part in a file of this folder; a new area adds its file and one line here.
 */
export type ShopLoadContext = ShellContext &
  ContentContext &
  CatalogContext &
  OrdersContext &
  GuestOrdersContext &
  FoundUsContext &
  MailboxContext &
  AccountsContext &
  FormsContext &
  SubscriptionLinksContext &
  SubscriptionsContext &
  OrderHistoryContext &
  ReferralsContext &
  ConsoleContext &
  QuizContext &
  HomeContext &
  ReviewsContext &
  ServerMarkupContext;

export async function buildLoadContext(c: Context<AppEnv>): Promise<ShopLoadContext> {
  const shell = await shellContext(c);
  return {
    ...shell,
    ...contentContext(c),
    ...catalogContext(c),
    ...ordersContext(c),
    ...guestOrdersContext(c),
    ...foundUsContext(c, shell.flags),
    ...mailboxContext(c),
    ...accountsContext(c),
    ...formsContext(c),
    ...subscriptionLinksContext(c),
    ...subscriptionsContext(c),
    ...orderHistoryContext(c),
    ...referralsContext(c),
    ...consoleContext(c),
    ...quizContext(c),
    ...homeContext(c),
    ...reviewsContext(c),
    ...serverMarkupContext(c),
  };
}

import { randomUUID } from "node:crypto";
import type { Context } from "hono";
import { isBlocked } from "../../../domain/customers";
import { ShopError } from "../../../domain/errors";
import type { ReferPageView } from "../../../domain/referral-page";
import { isReferralCode, REFERRAL_LINK_PREFIX, referralStanding } from "../../../domain/referrals";
import { findCustomerById, findCustomerRow, setReferralShowsName } from "../../modules/customers";
import { referralLanding, type ReferralLanding } from "../../workflows/referral-landing";
import { creditBalances, pointsBalance, redeemPoints } from "../../modules/loyalty";
import { countPaidOrders } from "../../modules/orders";
import { codeOf, referralSummaryOf, referralsOfReferrer, referrerOfCode, rememberDevice } from "../../modules/referrals";
import { subscriptionsOfCustomer } from "../../modules/subscriptions";
import { rewardFor } from "../../workflows/reward-referrals";
import { dbOf } from "../../shop";
import type { AppEnv } from "../types";
import { publicOrigin } from "../../public-origin";

/** The referral programme and points for the signed-in member, and the friend's landing page. */
export interface ReferralsContext {
  referrals: {
    page(o: { deviceId: string | null }): Promise<ReferPageView>;
    redeem(o: { points: number; key: string }): Promise<{ points: number; credit: number; currency: string }>;
    /** Whether a shared code belongs to a member (the friend's landing page). */
    codeIsValid(code: string): Promise<boolean>;
    /** The friend's landing page (ADR 0063): the product at the friend's price and, if the member allows, their first name. */
    landing(code: string, country: string): Promise<ReferralLanding | null>;
    /** The member's choice to show their first name on their link's page. */
    setShowsName(shows: boolean): Promise<void>;
  };
}

export function referralsContext(c: Context<AppEnv>): ReferralsContext {
  const shop = c.get("shop");
  const member = () => {
    const session = c.get("session");
    if (!session) throw new ShopError("UNAUTHENTICATED");
    return session.customerId;
  };
  const currencyOf = async (customerId: string) => (await subscriptionsOfCustomer(dbOf(shop), customerId)).find((s) => s.status !== "canceled")?.currency ?? "USD";
  return {
    referrals: {
      page: async ({ deviceId }) => {
        const id = member();
        const db = dbOf(shop);
        const now = shop.clock.now();
        const [customer, paidOrders, currency] = await Promise.all([findCustomerById(shop, id), countPaidOrders(db, id), currencyOf(id)]);
        const standing = referralStanding({ paidOrders, blocked: customer ? isBlocked(customer) : true });
        if (deviceId) await rememberDevice(db, id, deviceId, now);
        const code = standing === "open" ? await codeOf(db, id, now) : null;
        const [summary, recent, credit, points, reward] = await Promise.all([referralSummaryOf(db, id), referralsOfReferrer(db, id, 10), creditBalances(db, id), pointsBalance(db, id), rewardFor(shop, currency)]);
        const base = publicOrigin(shop.env, c.req.url);
        return {
          standing,
          code,
          link: code ? `${base}${REFERRAL_LINK_PREFIX}${code}` : null,
          reward: { amount: reward, currency },
          summary,
          recent: recent.map((r) => ({ date: r.createdAt.toISOString(), status: r.status as ReferPageView["recent"][number]["status"] })),
          credit,
          points,
          redeemKey: randomUUID(),
          currency,
          showsName: (await findCustomerRow(db, id))?.referralShowsName ?? false,
        };
      },
      redeem: async ({ points, key }) => {
        const id = member();
        const currency = await currencyOf(id);
        const done = await redeemPoints(dbOf(shop), { customerId: id, points, currency, key, now: shop.clock.now() });
        return { ...done, currency };
      },
      codeIsValid: async (code) => isReferralCode(code) && (await referrerOfCode(dbOf(shop), code)) !== null,
      landing: (code, country) => referralLanding(shop, code, country),
      setShowsName: (shows) => setReferralShowsName(dbOf(shop), member(), shows),
    },
  };
}

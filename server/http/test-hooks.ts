import { randomUUID } from "node:crypto";
import { Hono } from "hono";
import { z } from "zod";
import { countButtonClicks, countEventsNamed } from "../modules/analytics";
import { startSession } from "../modules/auth";
import { findOrCreateCustomer, setExperiment } from "../modules/customers";
import { consoleOwnerCommand } from "../commands/console-owner";
import { billingPeriodOf } from "../../domain/billing-dates";
import { EXPERIMENT_DEFINITIONS } from "../../domain/experiments";
import { customerByEmail } from "../modules/customers";
import { heldSubscriptionRows } from "../modules/subscriptions";
import { dbOf } from "../shop";
import { renewalLink } from "../workflows/renew-subscription";
import { setSessionCookie } from "./cookies";
import { fixedClock } from "../lib/clock";
import { subscriptionsOfCustomer } from "../modules/subscriptions";
import { chargeMissedRenewalNow } from "../workflows/renew-subscription";
import { settleReferrals } from "../workflows/reward-referrals";
import { grantCredit } from "../modules/loyalty";
import { sendDueReviewRequests } from "../modules/reviews";
import { publishDueSchedules } from "../workflows/console/content-schedule";
import { createStaff } from "../modules/staff";
import { STAFF_ROLES } from "../../domain/console-access";
import type { AppEnv } from "./types";

/**
 * Only mounted when ENABLE_TEST_HOOKS is set (never in production, env.ts refuses it):
 * lets end-to-end tests sign a shopper in before the sign-in pages exist, and read back what was stored.
 */
const SignInSchema = z.object({
  email: z.email(),
  firstName: z.string().max(50).optional(),
  experiments: z.record(z.string(), z.string()).default({}),
});

export const testHooks = new Hono<AppEnv>().post("/session", async (c) => {
  const input = SignInSchema.parse(await c.req.json());
  const shop = c.get("shop");
  const customer = await findOrCreateCustomer(shop, input.email, { firstName: input.firstName });
  // Experiments not asked for are pinned to their control: the shell would otherwise assign a new member by hash
  // (ADR 0056), and a test's header would change from run to run.
  const experiments = { ...Object.fromEntries(EXPERIMENT_DEFINITIONS.map((e) => [e.name, e.control])), ...input.experiments };
  for (const [name, variant] of Object.entries(experiments)) await setExperiment(shop, customer.id, name, variant);
  const { token, expiresAt } = await startSession(shop, customer);
  setSessionCookie(c, token, expiresAt);
  return c.json({ customerId: customer.id, seedSessionToken: token });
})
  // What `npm run console:owner -- email` prints, for the console's end-to-end test (the setup page is walked in the browser).
  .post("/console-owner", async (c) => {
    const { email } = z.object({ email: z.email() }).parse(await c.req.json());
    const { link } = await consoleOwnerCommand(c.get("shop"), email);
    return c.json({ path: new URL(link).pathname + new URL(link).search });
  })
  // The signed one-click link a renewal email would carry (skip this shipment, update the card) for the address's
  // subscription, for the /subscription-link page's end-to-end test (the reminder goes 3 days before a charge; the
  // e2e server cannot move its clock).
  .post("/renewal-link", async (c) => {
    const { email, action } = z.object({ email: z.email(), action: z.enum(["skip", "update-card"]) }).parse(await c.req.json());
    const shop = c.get("shop");
    const customer = await customerByEmail(shop, email);
    const [sub] = customer ? await heldSubscriptionRows(dbOf(shop), customer.id) : [];
    if (!sub) return c.json({ code: "NOT_FOUND", message: "No subscription for that address." }, 404);
    const link = renewalLink(shop, action, sub.id, action === "skip" ? billingPeriodOf(sub.nextBillingAt) : null, 4);
    return c.json({ path: new URL(link).pathname + new URL(link).search });
  })
  // Runs the referral reward job as if it were `days` days from now (the refund window passing), without moving the
  // clock of the running shop under other tests.
  .post("/referrals/settle", async (c) => {
    const { days } = z.object({ days: z.number().int().min(0).max(400) }).parse(await c.req.json());
    const shop = c.get("shop");
    const later = { ...shop, clock: fixedClock(new Date(shop.clock.now().getTime() + days * 86_400_000)) };
    return c.json(await settleReferrals(later));
  })
  // Charges a member's next renewal as if its billing date had come (the clock moved to it, for this call only).
  .post("/renewals/charge-next", async (c) => {
    const { email } = z.object({ email: z.email() }).parse(await c.req.json());
    const shop = c.get("shop");
    const customer = await findOrCreateCustomer(shop, email);
    const sub = (await subscriptionsOfCustomer(dbOf(shop), customer.id)).find((s) => s.status !== "canceled");
    if (!sub) return c.json({ code: "NOT_FOUND", message: "No active subscription." }, 404);
    const at = { ...shop, clock: fixedClock(new Date(new Date(sub.nextBillingAt).getTime() + 60_000)) };
    return c.json(await chargeMissedRenewalNow(at, sub.id));
  })
  // Grants a member credit in the ledger (as a referral reward would), for the checkout-credit end-to-end test (ADR 0040).
  .post("/loyalty/grant-credit", async (c) => {
    const { email, amount, currency } = z.object({ email: z.email(), amount: z.number().int().min(1).max(100_000), currency: z.enum(["USD", "GBP", "EUR", "MXN", "SGD", "AUD"]) }).parse(await c.req.json());
    const shop = c.get("shop");
    const customer = await findOrCreateCustomer(shop, email);
    const granted = await grantCredit(dbOf(shop), { customerId: customer.id, amount, currency, reason: "referral", key: `test-grant:${randomUUID()}`, now: shop.clock.now() });
    return c.json({ granted: "entry" in granted });
  })
  // Runs the review request job as if it were `days` days from now (the request coming due after shipping, ADR 0068),
  // without moving the clock of the running shop under other tests.
  .post("/reviews/send-requests", async (c) => {
    const { days } = z.object({ days: z.number().int().min(0).max(400) }).parse(await c.req.json());
    const shop = c.get("shop");
    const later = { ...shop, clock: fixedClock(new Date(shop.clock.now().getTime() + days * 86_400_000)) };
    return c.json(await sendDueReviewRequests(later));
  })
  // A member of staff of any role and their setup link, for end-to-end tests that work as a role other than owner
  // (an owner's invite does the same through the console; this skips signing the owner in first).
  .post("/console-staff", async (c) => {
    const { email, role } = z.object({ email: z.email(), role: z.enum(STAFF_ROLES) }).parse(await c.req.json());
    const shop = c.get("shop");
    const setup = await createStaff(dbOf(shop), shop, { email, role });
    return c.json({ path: `/console/setup?token=${encodeURIComponent(setup.setupToken)}` });
  })
  // Runs the scheduled content publish job as if it were `minutes` minutes from now (a schedule's time passing,
  // ADR 0072), without moving the clock of the running shop under other tests.
  .post("/content/publish-due", async (c) => {
    const { minutes } = z.object({ minutes: z.number().int().min(0).max(600_000) }).parse(await c.req.json());
    const shop = c.get("shop");
    const later = { ...shop, clock: fixedClock(new Date(shop.clock.now().getTime() + minutes * 60_000)) };
    return c.json(await publishDueSchedules(later));
  })
  // Lets the shutdown test check, after a restart, that every acknowledged event write was kept.
  // ?name= counts events of a name; ?button= counts "Button Clicked" events carrying that name (a test's marker).
  .get("/events/count", async (c) => {
    const button = c.req.query("button");
    if (button !== undefined) {
      const marker = z.string().min(1).max(200).parse(button);
      return c.json({ button: marker, count: await countButtonClicks(c.get("shop"), marker) });
    }
    const name = z.string().min(1).max(100).parse(c.req.query("name"));
    return c.json({ name, count: await countEventsNamed(c.get("shop"), name) });
  });

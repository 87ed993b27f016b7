/**
 * Operator commands for renewals (issue 12, "operator safety"). Uses the same settings as the shop (.env, DATABASE_URL
 * or DATA_DIR). With PGlite, stop the shop first: one process holds the data folder.
 *
 *   npm run renewals -- preview <subscription-id> [count]   the next billing dates (default 6) and the next charge
 *   npm run renewals -- charge-now <subscription-id>         charge a missed renewal now; never a period twice
 */
import { openShop } from "../server/boot";
import { parseEnv } from "../server/env";
import { findSubscription, scheduleOf } from "../server/modules/subscriptions";
import { dbOf } from "../server/shop";
import { nextBillingDates } from "../domain/billing-dates";
import { formatMoney } from "../domain/money";
import { quoteNextCharge } from "../server/workflows/quote-next-charge";
import { chargeMissedRenewalNow } from "../server/workflows/renew-subscription";

const [command, id, countArg] = process.argv.slice(2);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
if (!command || !["preview", "charge-now"].includes(command) || !id || !UUID.test(id)) {
  console.error("usage: npm run renewals -- preview <subscription-id> [count] | charge-now <subscription-id>");
  process.exit(2);
}
if (typeof process.loadEnvFile === "function") {
  try {
    process.loadEnvFile(".env");
  } catch {
    // No .env: the environment alone.
  }
}
const shop = await openShop(parseEnv({ ...process.env, JOBS: "off" }));
try {
  const sub = await findSubscription(dbOf(shop), id);
  if (!sub) throw new Error(`no subscription ${id}`);
  if (command === "preview") {
    const count = Math.min(Math.max(Number(countArg ?? 6) || 6, 1), 120);
    const { quote, plan } = await quoteNextCharge(shop, sub, sub.nextBillingAt);
    console.log(`${plan.name} × ${sub.quantity}, ${sub.status}, every ${sub.billingPeriodMonths} month(s)`);
    console.log(`next charge: ${formatMoney({ amount: quote.total, currency: quote.currency })} on ${sub.nextBillingAt.toISOString()}`);
    for (const [i, date] of nextBillingDates(scheduleOf(sub), count).entries()) console.log(`${String(i + 1).padStart(3)}  ${date.toISOString()}`);
  } else {
    const result = await chargeMissedRenewalNow(shop, id);
    console.log(`period ${result.period}: ${result.outcome}`);
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await shop.database.close();
}

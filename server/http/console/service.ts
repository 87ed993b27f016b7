import { withoutTrailingSlashes } from "../../../domain/routes";
import { can, permissionsOf, type Permission, type StaffRole } from "../../../domain/console-access";
import { ShopError } from "../../../domain/errors";
import { DEFAULT_FLAGS, FLAG_NAMES, operatorFlags, parseFlagOverrides, type FlagName } from "../../../domain/flags";
import { pageSize } from "../../../domain/keyset";
import { dailyOrderTotals } from "../../modules/orders";
import { storedFlagDefaults } from "../../modules/settings";
import { orderSurveyCounts } from "../../modules/surveys";
import { FOUND_US_QUESTION, FOUND_US_SURVEY } from "../../../domain/found-us";
import { listAudit, listStaff, type AuditEntry, type StaffSession } from "../../modules/staff";
import { subscriptionStats } from "../../modules/subscriptions";
import { dailyRenewalOutcomes } from "../../modules/renewals";
import { dbOf, type Shop } from "../../shop";
import { contentService } from "./content-service";
import { mediaService } from "./media-service";
import { productProfileService } from "./product-profile-service";
import { experimentsService } from "./service-experiments";
import { reviewsService } from "./service-reviews";
import { privacyService } from "./service-privacy";
import { figuresService } from "./service-figures";
import { customersService } from "./service-customers";
import { CSV_LISTS, listAsCsv, type CsvFilter, type CsvListName } from "./csv-exports";
import { editFraudStatus, inviteStaff, revokeSessionOfCustomer, setFlagAction, consoleAction, type ConsoleActor } from "../../workflows/console";
import { ordersService } from "./service-orders";
import { subscriptionsService } from "./service-subscriptions";
import { marketingService } from "./service-marketing";
import { emailsService } from "./service-emails";
import { paged, type Page } from "./service-paging";

export type { Page };

const auditView = (e: AuditEntry) => ({
  id: e.id,
  staffEmail: e.staffEmail,
  action: e.action,
  targetType: e.targetType,
  targetId: e.targetId,
  before: e.before,
  after: e.after,
  createdAt: e.createdAt.toISOString(),
});

/**
 * What the console can read and do, for one signed-in member of staff. The API handlers (server/http/console/) and the
 * console pages' load context (server/http/context/console.ts) both call this, so a page and its endpoint check the
 * same permission: every method starts with `allow`.
 */
export function consoleService(shop: Shop, staff: StaffSession, requestId?: string) {
  const db = dbOf(shop);
  const actor: ConsoleActor = { staffId: staff.id, email: staff.email, role: staff.role, requestId };
  const allow = (permission: Permission) => {
    if (!can(staff.role, permission)) throw new ShopError("FORBIDDEN", "Your role does not allow this.");
  };

  return {
    staff: { email: staff.email, role: staff.role as StaffRole, permissions: permissionsOf(staff.role) },
    ...experimentsService(shop, actor, allow),
    ...privacyService(shop, actor, allow),
    ...reviewsService(shop, actor, allow),
    ...figuresService(shop, allow),
    ...customersService(shop, actor, allow),
    ...ordersService(shop, actor, allow),
    ...subscriptionsService(shop, actor, allow),
    ...marketingService(shop, actor, allow),
    ...emailsService(shop, actor, allow),

    /** Content pages: list, edit with preview, publish, history and restore (content-service.ts). */
    content: contentService(shop, staff, allow, requestId),
    /** Product profiles: gallery, supplement facts and reassurance row (product-profile-service.ts, ADR 0069). */
    productProfiles: productProfileService(shop, actor, allow),

    /** The media library: list, upload, alt text (media-service.ts). */
    media: mediaService(shop, actor, allow),

    /**
     * The dashboard over the last `days` whole UTC days (today included): orders and revenue per day by currency (gross:
     * order totals of paid and later refunded orders), subscriptions by status, renewal attempts succeeded and failed
     * per day, and churn (cancelled in the window ÷ running when it opened).
     */
    async dashboard(input: { days?: number } = {}) {
      allow("dashboard.read");
      const days = Math.min(Math.max(Math.trunc(input.days ?? 30), 7), 90);
      const now = shop.clock.now();
      const until = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
      const from = new Date(until.getTime() - days * 86_400_000);
      const [orderDays, renewalDays, subs] = await Promise.all([dailyOrderTotals(db, from, until), dailyRenewalOutcomes(db, from, until), subscriptionStats(db, from, until)]);
      const dayList = Array.from({ length: days }, (_, i) => new Date(from.getTime() + i * 86_400_000).toISOString().slice(0, 10));
      const currencies = [...new Set(orderDays.map((r) => r.currency))].sort();
      const revenue = currencies.map((currency) => {
        const byDay = new Map(orderDays.filter((r) => r.currency === currency).map((r) => [r.day, r]));
        const points = dayList.map((day) => ({ day, orders: byDay.get(day)?.orders ?? 0, total: byDay.get(day)?.total ?? 0 }));
        return { currency, orders: points.reduce((n, p) => n + p.orders, 0), total: points.reduce((n, p) => n + p.total, 0), points };
      });
      const renewalByDay = new Map(renewalDays.map((r) => [r.day, r]));
      const renewals = dayList.map((day) => ({ day, succeeded: renewalByDay.get(day)?.succeeded ?? 0, failed: renewalByDay.get(day)?.failed ?? 0 }));
      const canceledByDay = new Map(subs.canceledPerDay.map((r) => [r.day, r.canceled]));
      return {
        from: from.toISOString(),
        until: until.toISOString(),
        days: dayList,
        revenue,
        renewals,
        renewalTotals: { succeeded: renewals.reduce((n, r) => n + r.succeeded, 0), failed: renewals.reduce((n, r) => n + r.failed, 0) },
        subscriptions: {
          active: subs.byStatus.active ?? 0,
          pastDue: subs.byStatus.past_due ?? 0,
          canceled: subs.byStatus.canceled ?? 0,
          startedInWindow: subs.started,
          canceledInWindow: subs.canceled,
          activeAtStart: subs.activeAtStart,
          churnRate: subs.activeAtStart > 0 ? subs.canceled / subs.activeAtStart : null,
          canceledPerDay: dayList.map((day) => ({ day, canceled: canceledByDay.get(day) ?? 0 })),
        },
      };
    },

    /** A whole list as CSV, with the list's filters (csv-exports.ts); the export is on the audit record. */
    async exportCsv(name: CsvListName, filter: CsvFilter) {
      const permission = CSV_LISTS[name].permission;
      allow(permission);
      const { csv, rows } = await listAsCsv(this, name, filter);
      const target = filter.q?.trim() || filter.email?.trim() || filter.status || "all";
      await consoleAction(shop, actor, permission, async () => ({ result: undefined, audit: { targetType: name, targetId: target, before: null, after: { rows } } }));
      return csv;
    },

    async revokeCustomerSession(customerId: string, sessionId: string) {
      allow("customers.revoke-session");
      await revokeSessionOfCustomer(shop, actor, { customerId, sessionId });
    },

    async setFraudStatus(customerId: string, status: string | null) {
      allow("customers.edit-fraud-status");
      await editFraudStatus(shop, actor, { customerId, status });
    },

    /** Each flag: the built-in default, FEATURE_FLAGS, the console's setting, and what pages use. */
    async flags() {
      allow("flags.read");
      const stored = await storedFlagDefaults(db);
      const fromEnv = parseFlagOverrides(shop.env.FEATURE_FLAGS);
      const effective = operatorFlags(shop.env.FEATURE_FLAGS, stored);
      return FLAG_NAMES.map((name) => ({ name, builtIn: DEFAULT_FLAGS[name], env: fromEnv[name] ?? null, console: stored[name] ?? null, effective: effective[name] }));
    },

    /** What data-multiselect-experiment-checkout's question has gathered: orders answered, and each option's count. */
    async foundUsAnswers() {
      allow("flags.read");
      const counts = await orderSurveyCounts(db, FOUND_US_SURVEY, FOUND_US_QUESTION.id);
      return { answers: counts.answers, options: FOUND_US_QUESTION.options.map((o) => ({ label: o.label, orders: counts.byOption[o.id] ?? 0 })) };
    },

    async setFlag(name: FlagName, enabled: boolean) {
      allow("flags.edit");
      await setFlagAction(shop, actor, name, enabled);
    },

    async audit(input: { before?: string; limit?: number }) {
      allow("audit.read");
      const limit = pageSize(input.limit);
      const before = input.before && /^\d{1,15}$/.test(input.before) ? Number(input.before) : undefined;
      const rows = (await listAudit(db, { before, limit })).map(auditView);
      return paged(rows, limit, (row) => String(row.id));
    },

    async staffList() {
      allow("staff.read");
      return (await listStaff(shop)).map((s) => ({ ...s, createdAt: s.createdAt.toISOString() }));
    },

    async inviteStaff(input: { email: string; role: StaffRole }, baseUrl: string) {
      allow("staff.invite");
      const setup = await inviteStaff(shop, actor, input);
      return { email: setup.staff.email, role: setup.staff.role, setupUrl: setupUrl(baseUrl, setup.setupToken), expiresAt: setup.expiresAt.toISOString() };
    },
  };
}

export type ConsoleService = ReturnType<typeof consoleService>;

export const setupUrl = (baseUrl: string, token: string) => `${withoutTrailingSlashes(baseUrl)}/console/setup?token=${encodeURIComponent(token)}`;

import { withoutTrailingSlashes } from "./routes";

/**
 * Who may do what in the operator console (docs/decisions/0023-staff-access.md). One table: every console endpoint
 * and page names one permission from it, and the permission walker test (server/http/console/permissions.test.ts)
 * proves each one refuses a signed-out visitor, a customer and every role not listed here.
 */
export const STAFF_ROLES = ["owner", "support", "finance", "content"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const PERMISSIONS = {
  "console.home": ["owner", "support", "finance", "content"],
  "orders.read": ["owner", "support", "finance"],
  "orders.ship": ["owner", "support"],
  "orders.resend-confirmation": ["owner", "support"],
  "orders.refund": ["owner", "finance"],
  "orders.export": ["owner", "finance"],
  "customers.read": ["owner", "support", "finance"],
  "customers.revoke-session": ["owner", "support"],
  "customers.edit-fraud-status": ["owner", "finance"],
  // Staff notes on a customer (issue 36, ADR 0073): whoever may read the customer may leave a note; each one is audited.
  "customers.note": ["owner", "support", "finance"],
  "coupons.read": ["owner", "finance", "content"],
  "coupons.edit": ["owner", "finance"],
  "emails.read": ["owner", "support"],
  "emails.requeue": ["owner", "support"],
  // Send an email again without seeing it: staff see emails only with their secrets hidden (ADR 0055).
  "emails.resend": ["owner", "support"],
  "flags.read": ["owner", "content"],
  "flags.edit": ["owner"],
  "audit.read": ["owner"],
  "staff.read": ["owner"],
  "staff.invite": ["owner"],
  // Referral review queue (ADR 0036): suspicious referrals wait for a person; approving pays a reward.
  "referrals.review": ["owner", "support", "finance"],
  "subscriptions.read": ["owner", "support", "finance"],
  "subscriptions.edit": ["owner", "support"],
  "subscriptions.charge": ["owner", "finance"],
  "dashboard.read": ["owner", "finance"],
  // Content pages (ADR 0041): read pages and their history, publish a version or restore an old one.
  "content.read": ["owner", "content"],
  "content.publish": ["owner", "content"],
  // Experiments (ADR 0042): read like flags, started and stopped only by an owner, as flag defaults are.
  "experiments.read": ["owner", "content"],
  "experiments.edit": ["owner"],
  // Drafting (ADR 0076): creating an experiment, stopped, and changing one while it is stopped. Content staff may
  // prepare one; only an owner starts it, since a running experiment changes what customers see.
  "experiments.draft": ["owner", "content"],
  // The right of access and the right to erasure, done by support on a customer's behalf (ADR 0042).
  "customers.export-data": ["owner", "support"],
  "customers.erase": ["owner", "support"],
  // CSV exports of the console's lists (orders.export above): an export names people, so fewer roles than reading.
  "subscriptions.export": ["owner", "finance"],
  "customers.export": ["owner"],
  "coupons.export": ["owner", "finance"],
  "emails.export": ["owner", "support"],
  "audit.export": ["owner"],
  // The media library (ADR 0067): who edits pages also fills the library their image fields pick from.
  "media.read": ["owner", "content"],
  "media.upload": ["owner", "content"],
  "media.edit": ["owner", "content"],
  // Reviews from verified buyers (ADR 0068): the moderation queue, and approve, reject with a reason or reply publicly.
  "reviews.read": ["owner", "support", "content"],
  "reviews.moderate": ["owner", "support", "content"],
  // A new area plugs in here (docs/decisions/0023-staff-access.md, "Growing the console").
} as const satisfies Record<string, readonly StaffRole[]>;

export type Permission = keyof typeof PERMISSIONS;

export const isStaffRole = (value: unknown): value is StaffRole =>
  typeof value === "string" && (STAFF_ROLES as readonly string[]).includes(value);

export function can(role: StaffRole, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly StaffRole[]).includes(role);
}

export const permissionsOf = (role: StaffRole): Permission[] =>
  (Object.keys(PERMISSIONS) as Permission[]).filter((permission) => can(role, permission));

/** Sessions are short: 30 minutes without a request ends one, and none lives longer than 8 hours. */
export const STAFF_SESSION_IDLE_MS = 30 * 60_000;
export const STAFF_SESSION_MAX_MS = 8 * 60 * 60_000;
/** A setup link of `npm run console:owner` (or an invitation) works once, for 24 hours. */
export const STAFF_SETUP_TTL_MS = 24 * 60 * 60_000;
export const STAFF_PASSWORD_MIN = 12;

/** The console's pages (paths as React Router matches them) and the permission each needs to be seen. */
export const CONSOLE_PAGES = [
  { path: "/console", permission: "console.home" },
  { path: "/console/orders", permission: "orders.read" },
  { path: "/console/orders/:number", permission: "orders.read" },
  // A refund's confirmation step (issue 36): what it will do, then the confirmed refund.
  { path: "/console/orders/:number/refund", permission: "orders.refund" },
  { path: "/console/dashboard", permission: "dashboard.read" },
  { path: "/console/subscriptions", permission: "subscriptions.read" },
  { path: "/console/subscriptions/:id", permission: "subscriptions.read" },
  { path: "/console/customers", permission: "customers.read" },
  { path: "/console/customers/:id", permission: "customers.read" },
  { path: "/console/coupons", permission: "coupons.read" },
  { path: "/console/coupons/:code", permission: "coupons.read" },
  { path: "/console/emails", permission: "emails.read" },
  { path: "/console/emails/:id", permission: "emails.read" },
  { path: "/console/flags", permission: "flags.read" },
  { path: "/console/audit", permission: "audit.read" },
  { path: "/console/referrals", permission: "referrals.review" },
  { path: "/console/content", permission: "content.read" },
  { path: "/console/content/:page", permission: "content.read" },
  { path: "/console/experiments", permission: "experiments.read" },
  { path: "/console/media", permission: "media.read" },
  // Product profiles (ADR 0069): gallery, supplement facts and reassurance, edited like the shop's other words.
  { path: "/console/products", permission: "content.read" },
  { path: "/console/products/:code", permission: "content.read" },
  { path: "/console/reviews", permission: "reviews.read" },
] as const satisfies readonly { path: string; permission: Permission }[];

/** Pages anyone may open: signing in and finishing a setup link. */
export const CONSOLE_PUBLIC_PAGES = ["/console/sign-in", "/console/setup"] as const;

/** The page entry a path belongs to, or null (an unknown console path is refused like a forbidden one). */
export function consolePageOf(pathname: string): (typeof CONSOLE_PAGES)[number] | null {
  const path = pathname.length > 1 ? withoutTrailingSlashes(pathname).replace(/\.data$/, "") : pathname;
  for (const page of CONSOLE_PAGES) {
    const pattern = new RegExp(`^${page.path.replace(/:[a-z]+/g, "[^/]+")}$`);
    if (pattern.test(path)) return page;
  }
  return null;
}

export const isConsolePublicPage = (pathname: string) =>
  (CONSOLE_PUBLIC_PAGES as readonly string[]).includes(withoutTrailingSlashes(pathname).replace(/\.data$/, ""));

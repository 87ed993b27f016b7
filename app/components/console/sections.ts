import type { Permission } from "../../../domain/console-access";

/** The console's sections in the navigation, each shown to roles holding its permission. */
export const CONSOLE_SECTIONS: { href: string; label: string; permission: Permission }[] = [
  { href: "/console/dashboard", label: "Dashboard", permission: "dashboard.read" },
  { href: "/console/orders", label: "Orders", permission: "orders.read" },
  { href: "/console/subscriptions", label: "Subscriptions", permission: "subscriptions.read" },
  { href: "/console/customers", label: "Customers", permission: "customers.read" },
  { href: "/console/coupons", label: "Coupons", permission: "coupons.read" },
  { href: "/console/emails", label: "Emails", permission: "emails.read" },
  { href: "/console/flags", label: "Flags", permission: "flags.read" },
  { href: "/console/audit", label: "Audit log", permission: "audit.read" },
  { href: "/console/referrals", label: "Referrals", permission: "referrals.review" },
  { href: "/console/content", label: "Content", permission: "content.read" },
  { href: "/console/media", label: "Media", permission: "media.read" },
  { href: "/console/products", label: "Products", permission: "content.read" },
  { href: "/console/experiments", label: "Experiments", permission: "experiments.read" },
  { href: "/console/reviews", label: "Reviews", permission: "reviews.read" },
];

export const ROLE_LABELS: Record<string, string> = { owner: "Owner", support: "Support", finance: "Finance", content: "Content" };

/**
 * Pages of the subscription portal and order history that SPEC.md's route table does not name (issue 13).
 * Linked through these helpers, never through hand-written paths.
 */
export const PORTAL_PATHS = {
  subscription_change: "/account/subscriptions/:id/change",
  subscription_cancel: "/account/subscriptions/:id/cancel",
  subscription_canceled: "/account/subscriptions/:id/canceled",
  confirm_charge: "/account/subscriptions/confirm-charge",
  cancel_subscription: "/cancel-subscription",
  cancel_subscription_link: "/cancel-subscription/confirm",
  invoice: "/account/orders/:id/invoice",
} as const;

export type PortalPathName = keyof typeof PORTAL_PATHS;

export function portalPath(name: PortalPathName, id?: string): string {
  const path: string = PORTAL_PATHS[name];
  return id ? path.replace(":id", encodeURIComponent(id)) : path;
}

/** The provider backend's invoice PDF for an order (GET /ecommerce/invoice/{id}/?format=pdf). */
export const invoicePdfPath = (providerBase: string, orderId: string) => `${providerBase}/ecommerce/invoice/${encodeURIComponent(orderId)}/?format=pdf`;

/** Where a signed-out visitor is sent, and brought back to afterwards. */
export const loginPath = (returnTo: string) => `/login?redirectTo=${encodeURIComponent(returnTo)}`;

/**
 * SPEC.md section 4: a subscription counts as held if it is not cancelled, or if canceled_at is earlier than
 * activated_at (it was reactivated after a cancellation).
 */
export function isHeld(subscription: { canceledAt: Date | null; activatedAt: Date }): boolean {
  return subscription.canceledAt === null || subscription.canceledAt < subscription.activatedAt;
}

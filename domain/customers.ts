/** The customer as the shell and account pages see it (SPEC.md section 3, User). */
export interface CustomerSummary {
  id: string;
  email: string;
  firstName: string | null;
  fraudulentStatus: string | null;
  subscriptionCount: number;
}

/** Blocked: fraudulentStatus mentions fraud (any case), or the customer has no subscriptions. */
export function isBlocked(customer: Pick<CustomerSummary, "fraudulentStatus" | "subscriptionCount">): boolean {
  return /fraud/i.test(customer.fraudulentStatus ?? "") || customer.subscriptionCount === 0;
}

/** The effects of refunding an order in full that the refund confirmation shows (onOrderRefunded's, read beforehand). */
export interface FullRefundEffects {
  /** The order's referral, when a refund changes it: a pending or reviewed one is voided, an earned one reversed. */
  referral: { id: string; referrerId: string; outcome: "void" | "reversed"; creditTaken: number; currency: string } | null;
  /** The member credit the order spent, given back to the customer. */
  creditReturned: { amount: number; account: string } | null;
}

/**
 * What a refund will do, shown before it is made (issue 36, ADR 0075): computed by the server from the code that will
 * carry it out (server/workflows/console/refund-preview.ts) and shown by the console's confirmation as it came.
 */
export interface RefundPreview {
  orderNumber: string;
  paymentId: string;
  amount: number;
  currency: string;
  /** What is left to refund of the payment afterwards. */
  remaining: number;
  /** True when nothing is left afterwards: the refund then needs the order number typed, and has the effects below. */
  emptiesPayment: boolean;
  /** The email the customer gets, as it will be sent. */
  email: { to: string; subject: string; text: string };
  /** The customer's points taken back, and credit their points bought taken back (in creditCurrency). */
  loyalty: { points: number; credit: number; creditCurrency: string | null };
  /** Only when the refund empties the payment: the order's referral and the credit it spent. */
  fullRefund: FullRefundEffects | null;
}

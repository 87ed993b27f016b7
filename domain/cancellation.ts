/**
 * Cancellation (SPEC.md sections 3, 4 and 9): the reasons offered, the save offer each reason earns, and the
 * retention offer's cooldown. The member can always cancel anyway on the same screen (California ARL, § 312k BGB).
 */
export { RETENTION_DISCOUNT_PERCENT as RETENTION_PERCENT_OFF } from "./renewal-quote";
export const RETENTION_OFFER_LABEL = "Apply Discount & Keep Subscription";
/** The retention offer is made at most once per 100 days to a member (accepted or declined). */
export const RETENTION_COOLDOWN_DAYS = 100;
/** Loyalty points expire 90 days after cancellation unless the subscription is reactivated in that time. */
export const POINTS_EXPIRY_DAYS = 90;

export type SaveOffer = "discount" | "delay" | "supply" | "none";

export interface CancellationReason {
  id: number;
  text: string;
  /** The save offer that fits this reason; the discount only while the cooldown allows. */
  offer: SaveOffer;
  /** Follow-up choices (secondaryReasonId). */
  secondary: { id: number; text: string }[];
}

export const CANCELLATION_REASONS: readonly CancellationReason[] = [
  { id: 1, text: "It costs too much", offer: "discount", secondary: [] },
  { id: 2, text: "I have too many capsules left", offer: "supply", secondary: [] },
  { id: 3, text: "I'm traveling or taking a break", offer: "delay", secondary: [] },
  {
    id: 4,
    text: "I'm not noticing a difference",
    offer: "discount",
    secondary: [
      { id: 41, text: "Less than a month in" },
      { id: 42, text: "One to three months in" },
      { id: 43, text: "More than three months in" },
    ],
  },
  { id: 5, text: "It didn't agree with me", offer: "none", secondary: [] },
  { id: 6, text: "I'm switching to another product", offer: "discount", secondary: [] },
  { id: 7, text: "Something else", offer: "none", secondary: [] },
];

export function findReason(id: number): CancellationReason | null {
  return CANCELLATION_REASONS.find((r) => r.id === id) ?? null;
}

const DAY_MS = 86_400_000;

/** The retention discount may be offered when no offer was made to the member in the last 100 days. */
export function retentionOfferAvailable(lastOfferAt: Date | null, now: Date): boolean {
  return lastOfferAt === null || now.getTime() - lastOfferAt.getTime() >= RETENTION_COOLDOWN_DAYS * DAY_MS;
}

/** The offer shown for a reason: the discount falls back to nothing while the cooldown runs. */
export function offerFor(reason: CancellationReason | null, discountAvailable: boolean): SaveOffer {
  if (!reason) return discountAvailable ? "discount" : "none";
  if (reason.offer === "discount" && !discountAvailable) return "none";
  return reason.offer;
}

export function pointsExpireAt(canceledAt: Date): Date {
  return new Date(canceledAt.getTime() + POINTS_EXPIRY_DAYS * DAY_MS);
}

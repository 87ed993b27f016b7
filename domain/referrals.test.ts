import { describe, expect, it } from "vitest";
import { creditForPoints, creditOfPoints, pointsExpiry, pointsForPayment, pointsOfCredit, withCredit } from "./loyalty";
import {
  cardFingerprint,
  cardSignals,
  isReferralCode,
  normaliseAddress,
  normaliseEmail,
  referralStanding,
  rewardDueAt,
  rewardInCurrency,
  selfReferralSignals,
  STANDING_WORDS,
} from "./referrals";

const DAY = 86_400_000;

describe("referral rules (SPEC.md section 6)", () => {
  it("locked until the first order, then open; a blocked member is ineligible and told to contact care", () => {
    expect(referralStanding({ paidOrders: 0, blocked: false })).toBe("locked");
    expect(referralStanding({ paidOrders: 0, blocked: true })).toBe("locked");
    expect(referralStanding({ paidOrders: 1, blocked: false })).toBe("open");
    expect(referralStanding({ paidOrders: 3, blocked: true })).toBe("ineligible");
    expect(STANDING_WORDS.locked).toMatch(/unlock after your first order/);
    expect(STANDING_WORDS.ineligible).toMatch(/cannot take part.*contact our care team/);
  });

  it("codes are 8 capitals and digits", () => {
    expect(isReferralCode("AB12CD34")).toBe(true);
    expect(isReferralCode("ab12cd34")).toBe(false);
    expect(isReferralCode("AB12CD3")).toBe(false);
    expect(isReferralCode(undefined)).toBe(false);
  });

  it("the same mailbox however written: case, Gmail dots, +tags", () => {
    expect(normaliseEmail(" Sam.Smith+x@GMail.com")).toBe("samsmith@gmail.com");
    expect(normaliseEmail("sam.smith@googlemail.com")).toBe("samsmith@gmail.com");
    expect(normaliseEmail("sam.smith+a@example.com")).toBe("sam.smith@example.com");
  });

  it("the same address however typed", () => {
    const a = { address1: "12 Oak Street", address2: "Apartment 4", city: "Austin", postalCode: "78701-1234", country: "US" };
    const b = { address1: "12 OAK ST.", address2: "apt 4", city: "austin ", postalCode: "78701", country: "us" };
    expect(normaliseAddress(a)).toBe(normaliseAddress(b));
    expect(normaliseAddress(a)).not.toBe(normaliseAddress({ ...b, address1: "14 Oak St" }));
  });

  it("names each self-referral signal", () => {
    const card = cardFingerprint({ brand: "Visa", last4: "4242", expMonth: 12, expYear: 2030 });
    const referrer = { email: "ann@example.com", addresses: ["x"], cards: [card], devices: ["d1"] };
    expect(selfReferralSignals(referrer, { email: "bob@example.com", addresses: ["y"], cards: ["visa:1111:1/2031"], devices: ["d2"] })).toEqual([]);
    expect(selfReferralSignals(referrer, { email: "ANN+1@example.com", addresses: ["y"], cards: [], devices: [] })).toEqual(["email"]);
    expect(selfReferralSignals(referrer, { email: "bob@example.com", addresses: ["x"], cards: [], devices: [] })).toEqual(["address"]);
    expect(selfReferralSignals(referrer, { email: "bob@example.com", addresses: [], cards: ["visa:4242:12/2030"], devices: [] })).toEqual(["card"]);
    expect(selfReferralSignals(referrer, { email: "bob@example.com", addresses: [], cards: [], devices: ["d1"] })).toEqual(["device"]);
  });

  it("a refund takes back redeemed points at the redemption rate, point by point (5 cents a point), and back again", () => {
    expect(creditOfPoints(100)).toBe(creditForPoints(100));
    expect(creditOfPoints(67)).toBe(335);
    expect(pointsOfCredit(335)).toBe(67);
    expect(pointsOfCredit(creditOfPoints(1234))).toBe(1234);
  });

  it("compares cards by the gateway's fingerprint of the number, whatever the expiry; by brand, last four and expiry without one", () => {
    const card = { brand: "visa", last4: "4242", expMonth: 12, expYear: 2030, fingerprint: "abc123" };
    const party = (cards: string[]) => ({ email: "x@example.com", addresses: [], cards, devices: [] });
    const other = (cards: string[]) => ({ email: "y@example.com", addresses: [], cards, devices: [] });
    expect(selfReferralSignals(party(cardSignals(card)), other(cardSignals({ ...card, expMonth: 11, expYear: 2031 })))).toEqual(["card"]);
    expect(selfReferralSignals(party(cardSignals(card)), other(cardSignals({ ...card, fingerprint: "other", expYear: 2031 })))).toEqual([]);
    expect(selfReferralSignals(party(cardSignals({ ...card, fingerprint: null })), other(cardSignals(card)))).toEqual(["card"]);
    expect(cardSignals({ ...card, fingerprint: undefined })).toEqual(["visa:4242:12/2030"]);
  });

  it("$25 in the referrer's currency by the price-list rule (DS-01 monthly's price ratio, whole units)", () => {
    expect(rewardInCurrency(4999, 4999)).toBe(2500);
    expect(rewardInCurrency(4499, 4999)).toBe(2200);
    expect(rewardInCurrency(99900, 4999)).toBe(50000);
    expect(rewardInCurrency(7900, 4999)).toBe(4000);
    expect(rewardInCurrency(0, 4999)).toBe(2500);
  });

  it("the reward is due 30 days after payment", () => {
    expect(rewardDueAt(new Date("2027-01-01T00:00:00Z")).toISOString()).toBe("2027-01-31T00:00:00.000Z");
  });
});

describe("loyalty points and credit", () => {
  it("1 point per whole unit paid; 100 points are 5.00 of credit", () => {
    expect(pointsForPayment(13497)).toBe(134);
    expect(pointsForPayment(99)).toBe(0);
    expect(creditForPoints(250)).toBe(1000);
  });

  it("points expire 90 days after the last cancellation, with a notice 7 days before; an active subscription keeps them", () => {
    const canceledAt = new Date("2027-01-01T00:00:00Z");
    const e = pointsExpiry([{ status: "canceled", canceledAt }, { status: "canceled", canceledAt: new Date(canceledAt.getTime() - 10 * DAY) }])!;
    expect(e.expiresAt.getTime() - canceledAt.getTime()).toBe(90 * DAY);
    expect(e.expiresAt.getTime() - e.noticeAt.getTime()).toBe(7 * DAY);
    expect(pointsExpiry([{ status: "canceled", canceledAt }, { status: "active", canceledAt: null }])).toBeNull();
    expect(pointsExpiry([])).toBeNull();
  });

  it("credit never takes a charge below zero", () => {
    expect(withCredit({ creditApplied: 0, total: 1000 }, 2500)).toEqual({ creditApplied: 1000, total: 0 });
    expect(withCredit({ creditApplied: 2500, total: 2000 }, 0)).toEqual({ creditApplied: 0, total: 4500 });
  });
});

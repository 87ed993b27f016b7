import { luhnValid } from "../../../domain/card-number";
/** The card fields of the sandbox payment form: checks the shopper can fix before anything is sent. */
export interface CardFields {
  cardNumber: string;
  cardExpiry: string;
  cardCvc: string;
  cardName: string;
}

export type CardField = keyof CardFields;

export const CARD_MESSAGES = {
  cardNumber: "Please enter a valid card number.",
  cardExpiry: "Please enter the expiry date as MM / YY.",
  cardExpired: "This card has expired. Please use another card.",
  cardCvc: "Please enter the 3 or 4 digit security code.",
  cardName: "Please enter the name on the card.",
} as const;

/** The sandbox's test cards, listed under the payment fields so testers know what each one does. */
export const SANDBOX_TEST_CARDS = [
  { number: "4242 4242 4242 4242", result: "succeeds" },
  { number: "4000 0000 0000 0002", result: "is declined" },
  { number: "4000 0000 0000 9995", result: "has insufficient funds" },
  { number: "4000 0000 0000 0119", result: "gives a processing error" },
  { number: "4000 0000 0000 0069", result: "is reported expired" },
] as const;

export const digitsOf = (value: string) => value.replace(/\D/g, "");


/** Groups of four as the shopper types ("4242 4242 4242 4242"), at most 19 digits. */
export function formatCardNumber(value: string): string {
  return digitsOf(value).slice(0, 19).replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** "MM / YY" as the shopper types; a leading digit above 1 is a month on its own ("4" becomes "04 / "). */
export function formatExpiry(value: string, previous = ""): string {
  let digits = digitsOf(value).slice(0, 4);
  if (/^[2-9]$/.test(digits)) digits = `0${digits}`;
  const deleting = value.length < previous.length;
  // Deleting the separator deletes the month's last digit too, so backspace never gets stuck on " / ".
  if (deleting && previous.endsWith(" / ") && digits.length === 2) return digits.slice(0, 1);
  if (digits.length < 2) return digits;
  if (digits.length === 2) return deleting ? digits : `${digits} / `;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

/** The problem with one card field, or null. A card is good through the last day of its expiry month. */
export function cardFieldProblem(fields: CardFields, field: CardField, now = new Date()): string | null {
  switch (field) {
    case "cardNumber":
      return luhnValid(digitsOf(fields.cardNumber)) ? null : CARD_MESSAGES.cardNumber;
    case "cardExpiry": {
      const expiry = parseExpiry(fields.cardExpiry);
      if (!expiry) return CARD_MESSAGES.cardExpiry;
      const expired = expiry.year < now.getFullYear() || (expiry.year === now.getFullYear() && expiry.month < now.getMonth() + 1);
      return expired ? CARD_MESSAGES.cardExpired : null;
    }
    case "cardCvc":
      return /^\d{3,4}$/.test(fields.cardCvc.trim()) ? null : CARD_MESSAGES.cardCvc;
    case "cardName":
      return fields.cardName.trim().length >= 2 ? null : CARD_MESSAGES.cardName;
  }
}

/** What the tokenize call takes. Only called once every card field checks out. */
export function cardPayload(fields: CardFields) {
  const expiry = parseExpiry(fields.cardExpiry);
  if (!expiry) throw new Error("card expiry not checked");
  return { number: digitsOf(fields.cardNumber), expMonth: expiry.month, expYear: expiry.year, cvc: fields.cardCvc.trim(), name: fields.cardName.trim() };
}

const isAmex = (digits: string) => /^3[47]/.test(digits);

/** A field the shopper has finished: a whole card number that checks out, a whole MM / YY, a whole security code. */
export function cardFieldComplete(fields: CardFields, field: CardField): boolean {
  const number = digitsOf(fields.cardNumber);
  switch (field) {
    case "cardNumber":
      return number.length === (isAmex(number) ? 15 : 16) && luhnValid(number);
    case "cardExpiry":
      return /^\d{2} \/ \d{2}$/.test(fields.cardExpiry) && parseExpiry(fields.cardExpiry) !== null;
    case "cardCvc":
      return fields.cardCvc.length === (isAmex(number) ? 4 : 3);
    case "cardName":
      return false;
  }
}

const NEXT_CARD_FIELD: Record<CardField, CardField | null> = { cardNumber: "cardExpiry", cardExpiry: "cardCvc", cardCvc: "cardName", cardName: null };

/**
 * data-auto-proceed-cc-fields: the field focus moves to once a change completes this one (number, expiry, CVC, then
 * the name). Only on the change that completes it, so going back to correct a finished field does not throw focus on.
 */
export function autoProceedTarget(field: CardField, before: CardFields, after: CardFields): CardField | null {
  if (cardFieldComplete(before, field) || !cardFieldComplete(after, field)) return null;
  return NEXT_CARD_FIELD[field];
}

/**
 * The Luhn check every card number passes (ISO/IEC 7812): the checkout's field, the sandbox gateway and the Stripe
 * stand-in all ask it, so a typo is caught in the browser and refused the same way by whichever gateway is behind.
 */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

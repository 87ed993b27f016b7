import { z } from "./zod";
import { ADDRESS_MESSAGES, addressProblem, isValidPhone, type Address } from "./address";
import { EMAIL_MAX, isLooseEmail, normaliseEmail } from "./email";
import { MESSAGES } from "./messages";

/**
 * The account forms of SPEC.md sections 2, 3 and 5, one zod schema per form: the page's form (conform) and the
 * HTTP endpoint parse with the same schema, so the browser and the server refuse the same input with the same words.
 */

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 200;

export const EmailField = z
  .string({ error: MESSAGES.invalidEmail })
  .trim()
  // abort: a longer value is refused here, before the check below reads it (zod runs later checks after a failed one).
  .max(EMAIL_MAX, { error: MESSAGES.invalidEmail, abort: true })
  // The looser account-side check of SPEC.md section 5, in printable ASCII (what mail systems deliver to reliably).
  .refine((v) => isLooseEmail(v) && /^[\x21-\x7e]+$/.test(v), MESSAGES.invalidEmail)
  .transform(normaliseEmail);

export const PasswordField = z
  .string({ error: MESSAGES.shortPassword })
  .min(PASSWORD_MIN, MESSAGES.shortPassword)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters long.`);

const NameField = z.string().trim().max(50, "Names are at most 50 characters.");
/** Link tokens are 43 base64url characters; anything else is refused before it reaches the database. */
export const TokenField = z.string().regex(/^[A-Za-z0-9_-]{43}$/, "This link is not valid. Please ask for a new one.");
export const CodeField = z.string().trim().regex(/^\d{6}$/, "Enter the 6-digit code from the email.");
/** The page to return to after signing in: a path on this site only. */
/** Any text: what is not a same-origin path falls back to the default page where it is used (safe-return.ts), never a 400. */
const ReturnToField = z.string().max(2048).optional();

export const SignInSchema = z.object({ email: EmailField, password: PasswordField, redirectTo: ReturnToField });
export const RegisterSchema = z.object({
  firstName: NameField.optional(),
  lastName: NameField.optional(),
  email: EmailField,
  password: PasswordField,
});
export const EmailOnlySchema = z.object({ email: EmailField, redirectTo: ReturnToField });
export const CodeSignInSchema = z.object({ email: EmailField, code: CodeField, redirectTo: ReturnToField });
export const LinkTokenSchema = z.object({ token: TokenField, redirectTo: ReturnToField });
export const NewPasswordSchema = z.object({ token: TokenField, password: PasswordField });
export const ChangePasswordSchema = z.object({ currentPassword: z.string().max(PASSWORD_MAX).optional(), password: PasswordField });

export const PhoneField = z
  .string()
  .trim()
  .max(30, { error: MESSAGES.invalidPhone, abort: true })
  .refine((v) => v === "" || isValidPhone(v), MESSAGES.invalidPhone);

export const ProfileSchema = z.object({
  firstName: NameField.min(1, ADDRESS_MESSAGES.firstName),
  lastName: NameField.min(1, ADDRESS_MESSAGES.lastName),
  phone: PhoneField.optional(),
  /** A different address starts an email change: it takes effect once confirmed from the new address. */
  email: EmailField.optional(),
  seedSessionToken: z.string().max(4096).optional(),
});

export const AddressSchema = z
  .object({
    firstName: z.string().trim().max(50),
    lastName: z.string().trim().max(50),
    address1: z.string().trim().max(100),
    address2: z.string().trim().max(100).optional(),
    city: z.string().trim().max(60),
    region: z.string().trim().max(60),
    postalCode: z.string().trim().max(12),
    country: z.string().trim().toUpperCase().length(2, ADDRESS_MESSAGES.country),
    seedSessionToken: z.string().max(4096).optional(),
  })
  .superRefine((a, ctx) => {
    const problem = addressProblem(a as Address);
    if (problem) ctx.addIssue({ code: "custom", path: [problem.field], message: problem.message });
  });

export const BillingSchema = z.object({ cardToken: z.string().min(1).max(200), seedSessionToken: z.string().max(4096).optional() });

export type SignInInput = z.infer<typeof SignInSchema>;
export type ProfileInput = z.infer<typeof ProfileSchema>;
export type AddressInput = z.infer<typeof AddressSchema>;

/** The sign-in screen's states (SPEC.md section 4): newUser until a user email exists, then signedIn. */
export type SignInState = "newUser" | "signedIn";
export const signInStateOf = (email: string | null | undefined): SignInState => (email ? "signedIn" : "newUser");

/**
 * The session mismatch check of SPEC.md section 4. `given` is the token a caller holds (seedSessionToken of an
 * earlier answer), `session` the one the cookie carries. Answers "pass", "ignore" (nothing to compare) or "mismatch".
 */
export interface SessionIdentity {
  uuid: string;
  email: string;
}
export function checkSessionMatch(given: SessionIdentity | null, session: SessionIdentity | null, givenPresent: boolean): "pass" | "ignore" | "mismatch" {
  if (!givenPresent && session) return "ignore";
  if (!given || !session) return "mismatch";
  const sameUuid = given.uuid === session.uuid;
  const sameEmail = normaliseEmail(given.email) === normaliseEmail(session.email);
  return sameUuid || sameEmail ? "pass" : "mismatch";
}

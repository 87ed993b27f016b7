import { ShopError } from "../../../domain/errors";
import { normaliseEmail } from "../../../domain/validation";
import { returnPathOf } from "../../../domain/safe-return";
import { dbOf, type Shop } from "../../shop";
import { findCustomerByEmail, findCustomerRow } from "../customers";
import { sendQueuedEmailsSoon } from "../email";
import { endSessionsOfUnprovenSignUp, proveAddress } from "./address-proof";
import { credentialsOf, storePasswordHash } from "./credentials";
import { confirmIdentityOfToken, dropUnprovenIdentities } from "./social";
import { queueAccountEmail } from "./emails/account-emails";
import { hashPassword, verifyPassword } from "./passwords";
import { revokeAllSessions, startSession } from "./sessions";
import { countPasswordFailure, holdBackFailedAddress, throttleAccountMail, throttleAll } from "./throttle";
import { issueLinkToken, issueLoginCode, spendLinkToken, spendLoginCode } from "./tokens";

/** Who is asking: the address the throttle counts, the browser the session list shows, the origin links point at. */
export interface Client {
  ip: string | null;
  userAgent: string | null;
  /** Links in emails start here: the shop's public origin (server/public-origin.ts), never the request's Host. */
  origin: string;
}

export interface StartedSession {
  token: string;
  expiresAt: Date;
  customer: { id: string; email: string };
}

const NOBODY = "00000000-0000-0000-0000-000000000000";
/** The key the throttles count a client's address under. */
export const addressKey = (client: Client) => client.ip ?? "unknown";

const throttle = throttleAll;

/** A new session (a new id, so a session id fixed before signing in never becomes a signed-in one). */
export async function beginSession(shop: Shop, customer: { id: string; email: string }, client: Client): Promise<StartedSession> {
  const { token, expiresAt } = await startSession(shop, customer, { userAgent: client.userAgent });
  return { token, expiresAt, customer: { id: customer.id, email: customer.email } };
}
const begin = beginSession;

/**
 * Email and password (POST /account/login/). An unknown email, a guest without a password and a wrong password all
 * answer USER_NOT_FOUND after one argon2 verification each, so neither the answer nor its time tells them apart
 * (docs/decisions/0009). Only a right password learns that the account is still unverified. Every attempt counts per
 * (account, address) and per address; only failures count toward the account's ceiling, which then holds back only
 * the addresses that failed (ADR 0057): a guesser spread over many addresses cannot lock the owner out.
 */
export async function signInWithPassword(shop: Shop, input: { email: string; password: string }, client: Client): Promise<StartedSession> {
  const email = normaliseEmail(input.email);
  const address = addressKey(client);
  await throttle(shop, [["signInAccountAddress", `${email}|${address}`], ["signInAddress", address]]);
  await holdBackFailedAddress(shop, email, address);
  const customer = await findCustomerByEmail(dbOf(shop), email);
  // The same queries whoever the email belongs to (an unknown one looks up no one's credentials), then one argon2.
  const credentials = await credentialsOf(dbOf(shop), customer?.id ?? NOBODY);
  const ok = await verifyPassword(credentials.passwordHash, input.password);
  if (!ok || !customer) {
    await countPasswordFailure(shop, email, address);
    throw new ShopError("USER_NOT_FOUND");
  }
  if (!credentials.emailVerifiedAt) throw new ShopError("UNVERIFIED_ACCOUNT");
  return begin(shop, customer, client);
}

/** The customer an email-only form names, after the mail throttle; unknown answers 'we do not recognize your email'. */
async function customerForMail(shop: Shop, rawEmail: string, client: Client) {
  const email = normaliseEmail(rawEmail);
  await throttleAccountMail(shop, email, addressKey(client));
  const customer = await findCustomerByEmail(dbOf(shop), email);
  if (!customer) throw new ShopError("EMAIL_NOT_RECOGNIZED");
  return customer;
}

/** A link's way back, only when it is a same-origin path (the login page checks it again when the link is opened). */
function withReturn(url: string, redirectTo?: string): string {
  const back = returnPathOf(redirectTo);
  return back ? `${url}&${new URLSearchParams({ redirectTo: back })}` : url;
}

/** Emails a single-use sign-in link (POST /api/mail/magic). */
export async function sendMagicLink(shop: Shop, input: { email: string; redirectTo?: string }, client: Client): Promise<void> {
  const customer = await customerForMail(shop, input.email, client);
  const now = shop.clock.now();
  await dbOf(shop).transaction(async (tx) => {
    const { id, secret } = await issueLinkToken(tx, { customerId: customer.id, purpose: "magic_link", email: customer.email, now });
    const url = withReturn(`${client.origin}/login?${new URLSearchParams({ magic: secret })}`, input.redirectTo);
    await queueAccountEmail(tx, customer.email, "magic_link", id, { url }, now);
  });
  void sendQueuedEmailsSoon(shop);
}

/** Emails a 6-digit code for signing in on another device than the one reading mail (POST /api/mail/code). */
export async function sendLoginCode(shop: Shop, input: { email: string }, client: Client): Promise<void> {
  const customer = await customerForMail(shop, input.email, client);
  const now = shop.clock.now();
  await dbOf(shop).transaction(async (tx) => {
    const { id, secret } = await issueLoginCode(tx, { customerId: customer.id, email: customer.email, now }, shop.env.SESSION_SECRET);
    await queueAccountEmail(tx, customer.email, "login_code", id, { code: secret }, now);
  });
  void sendQueuedEmailsSoon(shop);
}

/** Signs in with a magic link's token. Reading the mail proves the address, so it also verifies it. */
export async function signInWithMagicLink(shop: Shop, token: string, client: Client): Promise<StartedSession> {
  await throttle(shop, [["signInAddress", addressKey(client)]]);
  const now = shop.clock.now();
  const spent = await spendLinkToken(dbOf(shop), "magic_link", token, now);
  const customer = spent ? await findCustomerRow(dbOf(shop), spent.customerId) : null;
  // The link is bound to the address it went to: after an email change, an older link no longer signs in.
  if (!spent || !customer || customer.email !== spent.email) throw new ShopError("INVALID_LINK");
  await endSessionsOfUnprovenSignUp(dbOf(shop), customer.id, now);
  await proveAddress(dbOf(shop), customer.id, now);
  return begin(shop, customer, client);
}

/**
 * Signs in from the link that confirms a Google or Facebook identity the provider did not vouch for (emailed by
 * social sign-on). Opening it proves the address: the identity waiting for this token is linked, the address verified.
 */
export async function signInWithIdentityLink(shop: Shop, token: string, client: Client): Promise<StartedSession> {
  await throttle(shop, [["signInAddress", addressKey(client)]]);
  const now = shop.clock.now();
  const customer = await dbOf(shop).transaction(async (tx) => {
    const spent = await spendLinkToken(tx, "link_identity", token, now);
    const row = spent ? await findCustomerRow(tx, spent.customerId) : null;
    if (!spent || !row || row.email !== spent.email) return null;
    await confirmIdentityOfToken(tx, spent.id, now);
    await endSessionsOfUnprovenSignUp(tx, row.id, now);
    await proveAddress(tx, row.id, now);
    return row;
  });
  if (!customer) throw new ShopError("INVALID_LINK");
  return begin(shop, customer, client);
}

/** Signs in with an emailed 6-digit code, throttled per account and address (a code is one in a million). */
export async function signInWithCode(shop: Shop, input: { email: string; code: string }, client: Client): Promise<StartedSession> {
  const email = normaliseEmail(input.email);
  await throttle(shop, [["codeAccount", email], ["signInAddress", addressKey(client)]]);
  const now = shop.clock.now();
  const customer = await findCustomerByEmail(dbOf(shop), email);
  const ok = customer ? await spendLoginCode(dbOf(shop), customer.id, email, input.code, shop.env.SESSION_SECRET, now) : false;
  if (!ok || !customer) throw new ShopError("INVALID_CODE");
  await endSessionsOfUnprovenSignUp(dbOf(shop), customer.id, now);
  await proveAddress(dbOf(shop), customer.id, now);
  return begin(shop, customer, client);
}

/**
 * "Forgot password?" and "Don't have a password?" (POST /account/recover/): a member with a password gets a reset
 * link; a customer without one (a guest from checkout) gets a set-password link, which also verifies the address.
 */
export async function requestPasswordEmail(shop: Shop, input: { email: string }, client: Client): Promise<"reset_password" | "set_password"> {
  const customer = await customerForMail(shop, input.email, client);
  const now = shop.clock.now();
  const hasPassword = (await credentialsOf(dbOf(shop), customer.id)).passwordHash !== null;
  const purpose = hasPassword ? "reset_password" : "set_password";
  await dbOf(shop).transaction(async (tx) => {
    const { id, secret } = await issueLinkToken(tx, { customerId: customer.id, purpose, email: customer.email, now });
    const url = `${client.origin}/recover?${new URLSearchParams({ token: secret, kind: hasPassword ? "reset" : "set" })}`;
    await queueAccountEmail(tx, customer.email, purpose, id, { url }, now);
  });
  void sendQueuedEmailsSoon(shop);
  return purpose;
}

/**
 * Sets a new password from a reset or set-password link (POST /account/reset-password/, /account/set-password/).
 * The link proves the address; every other session ends, so a thief holding an old cookie is out.
 */
export async function setPasswordWithToken(
  shop: Shop,
  purpose: "reset_password" | "set_password",
  input: { token: string; password: string },
  client: Client,
): Promise<StartedSession> {
  await throttle(shop, [["signInAddress", addressKey(client)]]);
  const hash = await hashPassword(input.password);
  const now = shop.clock.now();
  const customer = await dbOf(shop).transaction(async (tx) => {
    const spent = await spendLinkToken(tx, purpose, input.token, now);
    const row = spent ? await findCustomerRow(tx, spent.customerId) : null;
    if (!spent || !row || row.email !== spent.email) return null;
    // Identities linked before the address was proven go (a set-password link proves it only now), then the proof.
    const provenAt = purpose === "set_password" ? now : (await credentialsOf(tx, row.id)).emailVerifiedAt;
    await dropUnprovenIdentities(tx, row.id, provenAt);
    await storePasswordHash(tx, row.id, hash, now);
    await proveAddress(tx, row.id, now);
    await revokeAllSessions(tx, row.id, now);
    return row;
  });
  if (!customer) throw new ShopError("INVALID_LINK");
  return begin(shop, customer, client);
}

/** Changes the password from settings: the current one is needed when there is one; other sessions end. */
export async function changePassword(shop: Shop, customerId: string, keepSessionId: string, input: { currentPassword?: string; password: string }): Promise<void> {
  const credentials = await credentialsOf(dbOf(shop), customerId);
  if (credentials.passwordHash && !(await verifyPassword(credentials.passwordHash, input.currentPassword ?? ""))) {
    throw new ShopError("ACCOUNT_UPDATE_FAILED", "Your current password is not right.");
  }
  const hash = await hashPassword(input.password);
  const now = shop.clock.now();
  await dbOf(shop).transaction(async (tx) => {
    await storePasswordHash(tx, customerId, hash, now);
    await revokeAllSessions(tx, customerId, now, keepSessionId);
  });
}

/**
 * GET /account/verify-account/{token}: the registration's own link. Opening it proves the address (verified, and the
 * guest orders held under it are claimed, ADR 0057) and signs in, so the shopper lands on their account in one step.
 * The sessions the sign-up started stay: this link is the one that registration asked for, so its reader vouches for
 * it. Answers the new session, or null when the link is unknown, used, expired or no longer names the account's
 * address (the page then offers a new link).
 */
export async function signInWithVerificationLink(shop: Shop, token: string, client: Client): Promise<StartedSession | null> {
  // Not throttled, as before it signed in: a 256-bit single-use secret cannot be guessed, and the limits stay as they were.
  const now = shop.clock.now();
  const customer = await dbOf(shop).transaction(async (tx) => {
    const spent = await spendLinkToken(tx, "verify_email", token, now);
    const row = spent ? await findCustomerRow(tx, spent.customerId) : null;
    if (!spent || !row || row.email !== spent.email) return null;
    await proveAddress(tx, row.id, now);
    return row;
  });
  return customer ? begin(shop, customer, client) : null;
}

/** Sends the verification email again to a registered, unverified account; anything else gets no email. */
export async function resendVerification(shop: Shop, input: { email: string }, client: Client): Promise<void> {
  const email = normaliseEmail(input.email);
  await throttleAccountMail(shop, email, addressKey(client));
  const customer = await findCustomerByEmail(dbOf(shop), email);
  if (!customer) return;
  const credentials = await credentialsOf(dbOf(shop), customer.id);
  if (!credentials.passwordHash || credentials.emailVerifiedAt) return;
  await queueVerification(shop, customer, client);
}

export async function queueVerification(shop: Shop, customer: { id: string; email: string }, client: Client): Promise<void> {
  const now = shop.clock.now();
  await dbOf(shop).transaction(async (tx) => {
    const { id, secret } = await issueLinkToken(tx, { customerId: customer.id, purpose: "verify_email", email: customer.email, now });
    await queueAccountEmail(tx, customer.email, "verify", id, { url: `${client.origin}${shop.env.PROVIDER_BASE_PATH}/account/verify-account/${secret}` }, now);
  });
  void sendQueuedEmailsSoon(shop);
}

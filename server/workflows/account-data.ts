import { createHash } from "node:crypto";
import type { Address } from "../../domain/address";
import { isBlocked } from "../../domain/customers";
import { ShopError } from "../../domain/errors";
import type { ProfileInput } from "../../domain/accounts";
import { normaliseEmail } from "../../domain/validation";
import { gatewayOf } from "../integrations/payments";
import {
  addressKey,
  credentialsOf,
  deleteCredentials,
  deleteIdentitiesOf,
  deleteTokensOf,
  identitiesOf,
  issueLinkToken,
  listSessions,
  proveAddress,
  queueAccountEmail,
  revokeAllSessions,
  spendLinkToken,
  throttleAll,
  type Client,
} from "../modules/auth";
import { addressOf, anonymiseCustomer, completeDeletionRequest, changeCustomerEmail, experimentsOf, findCustomerByEmail, findCustomerRow, saveAddress, updateProfile } from "../modules/customers";
import { servedExperimentsOf } from "../modules/analytics";
import { sendQueuedEmailsSoon } from "../modules/email";
import { eraseSubscriber } from "../modules/newsletter";
import type { Tx } from "../db/client";
import { orderRecordsOf } from "../modules/orders";
import { defaultCardOf, eraseCardTokensOf, savePaymentMethod, type SavedCard } from "../modules/payments";
import { countHeldSubscriptions, payLiveSubscriptionsWith, shipLiveSubscriptionsTo, subscriptionEntriesOf, type UserSubscriptionEntry } from "../modules/subscriptions";
import { dbOf, type Shop } from "../shop";

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");
/** SPEC.md section 5's phone normalisation for advertising hashes: digits, no leading zeros, a leading 1 if none. */
const normalisePhone = (phone: string) => {
  const digits = phone.replace(/\D/g, "").replace(/^0+/, "");
  return /^[1-9]/.test(digits) && digits.startsWith("1") ? digits : `1${digits}`;
};

/** The User of SPEC.md section 3 as GET /api/user answers it. Never carries a session token (section 4). */
export interface UserView {
  externalId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  fraudulentStatus: string | null;
  blocked: boolean;
  emailVerified: boolean;
  hasPassword: boolean;
  account: { details: { shipping_addresses: { first_name: string; last_name: string; address1: string; address2: string | null; city: string; region: string; postal_code: string; country: string }[] } };
  subscriptions: { subscriptions: UserSubscriptionEntry[] }[];
  experiments: Record<string, string>;
  card: Omit<SavedCard, "id"> | null;
  linkedAccounts: string[];
  hashedEmailAddress: string;
  hashedPhoneNumber: string | null;
}

export async function userView(shop: Shop, customerId: string): Promise<UserView> {
  const db = dbOf(shop);
  const row = await findCustomerRow(db, customerId);
  if (!row) throw new ShopError("UNAUTHENTICATED");
  const [address, entries, held, experiments, card, credentials, identities] = await Promise.all([
    addressOf(db, customerId),
    subscriptionEntriesOf(db, customerId),
    countHeldSubscriptions(db, customerId),
    // As the shop serves them: a stopped experiment is absent, so clients show its control (ADR 0042).
    servedExperimentsOf(shop, customerId),
    defaultCardOf(db, customerId),
    credentialsOf(db, customerId),
    identitiesOf(db, customerId),
  ]);
  const { id: _cardId, ...cardView } = card ?? { id: "" };
  return {
    externalId: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    fraudulentStatus: row.fraudulentStatus,
    blocked: isBlocked({ fraudulentStatus: row.fraudulentStatus, subscriptionCount: held }),
    emailVerified: credentials.emailVerifiedAt !== null,
    hasPassword: credentials.passwordHash !== null,
    account: {
      details: {
        shipping_addresses: address
          ? [{ first_name: address.firstName, last_name: address.lastName, address1: address.address1, address2: address.address2 ?? null, city: address.city, region: address.region, postal_code: address.postalCode, country: address.country }]
          : [],
      },
    },
    subscriptions: entries.length > 0 ? [{ subscriptions: entries }] : [],
    experiments,
    card: card ? (cardView as Omit<SavedCard, "id">) : null,
    linkedAccounts: identities.map((i) => i.provider),
    hashedEmailAddress: sha256(normaliseEmail(row.email)),
    hashedPhoneNumber: row.phone ? sha256(normalisePhone(row.phone)) : null,
  };
}

/**
 * PUT /api/user: names and phone change at once; a new email only after it is confirmed from the new address
 * (a link sent there). An address that already has an account gets a note instead ("someone tried to use your
 * address") and the answer is the same, so the form tells nobody which addresses have accounts. Asking for a change
 * is throttled per member and per client address, like every other form that sends account mail.
 */
export async function updateUser(shop: Shop, customerId: string, input: ProfileInput, client: Client): Promise<{ emailChangePending: boolean }> {
  const db = dbOf(shop);
  const row = await findCustomerRow(db, customerId);
  if (!row) throw new ShopError("UNAUTHENTICATED");
  const now = shop.clock.now();
  const newEmail = input.email && normaliseEmail(input.email) !== row.email ? normaliseEmail(input.email) : null;
  // The requester is the signed-in member, wherever they are: the tight per-requester mail limit counts the member (ADR 0057).
  if (newEmail) await throttleAll(shop, [["mailAccountAddress", `email-change:${customerId}`], ["mailAddress", addressKey(client)]]);
  const owner = newEmail ? await findCustomerByEmail(db, newEmail) : null;
  await db.transaction(async (tx) => {
    await updateProfile(tx, customerId, { firstName: input.firstName, lastName: input.lastName, phone: input.phone });
    if (!newEmail) return;
    const { id, secret } = await issueLinkToken(tx, { customerId, purpose: "change_email", email: row.email, newEmail, now });
    if (owner) await queueAccountEmail(tx, newEmail, "email_in_use", id, { url: `${client.origin}/login` }, now);
    else await queueAccountEmail(tx, newEmail, "change_email", id, { url: `${client.origin}/account?${new URLSearchParams({ confirmEmail: secret })}` }, now);
  });
  if (newEmail) void sendQueuedEmailsSoon(shop);
  return { emailChangePending: newEmail !== null };
}

/**
 * Confirms an email change from the link sent to the new address. The link only works while the account still has
 * the address it had when the change was asked for, and only for the member who asked (their session).
 */
export async function confirmEmailChange(shop: Shop, customerId: string, token: string): Promise<string> {
  const now = shop.clock.now();
  const email = await dbOf(shop).transaction(async (tx) => {
    const spent = await spendLinkToken(tx, "change_email", token, now, customerId);
    if (!spent || spent.customerId !== customerId || !spent.newEmail) return null;
    const row = await findCustomerRow(tx, customerId);
    if (!row || row.email !== spent.email) return null;
    if (!(await changeCustomerEmail(tx, customerId, spent.newEmail))) throw new ShopError("EMAIL_TAKEN");
    await proveAddress(tx, customerId, now);
    return spent.newEmail;
  });
  if (!email) throw new ShopError("INVALID_LINK");
  return email;
}

/**
 * Saves the member's address, and their subscriptions in that country ship there from the next shipment (the portal's
 * "Change" link for where a subscription ships leads here). Answers how many moved and how many ship to another country.
 */
export async function saveShippingAddress(shop: Shop, customerId: string, address: Address): Promise<{ moved: number; elsewhere: number }> {
  return dbOf(shop).transaction(async (tx) => {
    await saveAddress(tx, customerId, address, shop.clock.now());
    return shipLiveSubscriptionsTo(tx, customerId, { ...address, address2: address.address2 ?? "" });
  });
}

/** PUT /api/billing: asks the gateway about the new card's token and makes it the member's default card. */
export async function replaceCard(shop: Shop, customerId: string, cardToken: string): Promise<Omit<SavedCard, "id">> {
  const gateway = gatewayOf(shop);
  const card = await gateway.describe(cardToken).catch(() => null);
  if (!card) throw new ShopError("CARD_NOT_ACCEPTED");
  // Keeping the card spends its one-time token, as paying with it would: a token that paid someone's order is not theirs to keep (ADR 0058).
  if (gateway.attach && !(await gateway.attach(cardToken, `customer:${customerId}`))) throw new ShopError("CARD_TOKEN_USED");
  // The new card pays the member's subscriptions from their next charge too (the portal's "Change" link leads here).
  await dbOf(shop).transaction(async (tx) => {
    const id = await savePaymentMethod(tx, customerId, gateway.name, cardToken, card, true, shop.clock.now());
    await payLiveSubscriptionsWith(tx, customerId, id);
  });
  return { brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear };
}

/** Everything the shop holds about the member, as one JSON document (the right of access). */
export async function exportAccountData(shop: Shop, customerId: string) {
  const db = dbOf(shop);
  const [user, sessions, orders] = await Promise.all([userView(shop, customerId), listSessions(shop, customerId), orderRecordsOf(db, customerId)]);
  const { hashedEmailAddress: _e, hashedPhoneNumber: _p, ...profile } = user;
  // The right of access covers what is held, so every stored variant, stopped experiments included.
  return { exportedAt: shop.clock.now().toISOString(), profile: { ...profile, experiments: await experimentsOf(shop, customerId) }, sessions, orders };
}

/**
 * The right to erasure: orders and payments stay (tax and accounting law), with the customer row anonymised under
 * them; credentials, links, social identities, address, experiments and card tokens are deleted; every session ends.
 * Refused while a subscription is held, so nobody is billed for an account that no longer exists.
 */
export async function deleteAccount(shop: Shop, customerId: string): Promise<void> {
  const now = shop.clock.now();
  await dbOf(shop).transaction((tx) => eraseCustomer(tx, customerId, { by: "the customer", now }));
}

/**
 * The erasure itself, in the caller's transaction: the member's own deletion and the console's processing of a
 * deletion request (ADR 0042) are this one function. The newsletter row of the address goes too, and a pending
 * deletion request is marked done. Answers what it erased, for the console's audit entry (no personal data).
 */
export async function eraseCustomer(tx: Tx, customerId: string, input: { by: string; now: Date }) {
  const row = await findCustomerRow(tx, customerId);
  if (!row) throw new ShopError("NOT_FOUND", "There is no such customer.");
  if ((await countHeldSubscriptions(tx, customerId)) > 0) throw new ShopError("HAS_SUBSCRIPTIONS");
  const newsletter = await eraseSubscriber(tx, row.email);
  await revokeAllSessions(tx, customerId, input.now);
  await deleteTokensOf(tx, customerId);
  await deleteIdentitiesOf(tx, customerId);
  await deleteCredentials(tx, customerId);
  await eraseCardTokensOf(tx, customerId);
  await anonymiseCustomer(tx, customerId);
  const request = await completeDeletionRequest(tx, customerId, input.by, input.now);
  return { newsletter, requestId: request?.id ?? null };
}

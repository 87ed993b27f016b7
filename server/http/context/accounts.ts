import type { Context } from "hono";
import { deleteCookie, getCookie } from "hono/cookie";
import type { AddressInput, ProfileInput } from "../../../domain/accounts";
import { ShopError, toShopError, type ErrorBody } from "../../../domain/errors";
import { socialProvider, type SocialProviderName } from "../../integrations/oauth";
import {
  changePassword,
  linkTokenIsLive,
  listSessions,
  readSocialFlow,
  requestPasswordEmail,
  resendVerification,
  revokeAllSessions,
  revokeOwnSession,
  revokeSession,
  sendLoginCode,
  sendMagicLink,
  setPasswordWithToken,
  signInWithCode,
  signInWithMagicLink,
  signInWithIdentityLink,
  unlinkIdentity,
  signInWithPassword,
  SOCIAL_FLOW_COOKIE,
  type StartedSession,
} from "../../modules/auth";
import { recordEvents } from "../../modules/analytics";
import { dbOf } from "../../shop";
import { settingsAddressOf, type SettingsAddress } from "../../workflows/settings-address";
import { confirmEmailChange, deleteAccount, exportAccountData, replaceCard, saveShippingAddress, updateUser, userView, type UserView } from "../../workflows/account-data";
import { registerAccount, type Registration } from "../../workflows/register-account";
import { socialSignOn } from "../../workflows/social-sign-on";
import { clientOf } from "../account-session";
import { clearSessionCookieHeader, sessionCookieHeader } from "../cookies";
import type { AppEnv } from "../types";

/** What an account action answers: done (with the Set-Cookie header when a session started or ended), or the error. */
export type AccountResult<T = null> = { ok: true; value: T; setCookie?: string } | { ok: false; error: ErrorBody };

export interface SessionRowView {
  id: string;
  device: string;
  lastSeen: string | null;
  current: boolean;
}

/**
 * The account area's part of the load context: every way in and every settings change, for the page actions that
 * work without JavaScript. Each call names its member by the request's session, never by an id from the page.
 */
export interface AccountsContext {
  accounts: {
    socialProviders: { google: boolean; facebook: boolean };
    signIn(input: { email: string; password: string }): Promise<AccountResult>;
    /** A new address is signed in at once (`signedIn`, with the cookie); any other answers the same, signed out. */
    register(input: Registration): Promise<AccountResult<{ signedIn: boolean }>>;
    resendVerification(input: { email: string }): Promise<AccountResult>;
    sendMagicLink(input: { email: string; redirectTo?: string }): Promise<AccountResult>;
    sendCode(input: { email: string }): Promise<AccountResult>;
    signInWithMagicLink(token: string): Promise<AccountResult>;
    /** The emailed link that confirms a Google or Facebook identity the provider did not vouch for. */
    signInWithIdentityLink(token: string): Promise<AccountResult>;
    signInWithCode(input: { email: string; code: string }): Promise<AccountResult>;
    requestPasswordEmail(input: { email: string }): Promise<AccountResult<"reset" | "set">>;
    linkIsLive(kind: "reset" | "set", token: string): Promise<boolean>;
    setPassword(kind: "reset" | "set", input: { token: string; password: string }): Promise<AccountResult>;
    socialCallback(provider: SocialProviderName, input: { code: string; state: string; iss?: string }): Promise<AccountResult<{ created: boolean; redirectTo: string | null }>>;
    user(): Promise<UserView | null>;
    sessions(): Promise<SessionRowView[]>;
    /** The settings form's address: the saved one, else the newest order's (and which it is). */
    settingsAddress(): Promise<SettingsAddress>;
    updateProfile(input: ProfileInput): Promise<AccountResult<{ emailChangePending: boolean }>>;
    confirmEmail(token: string): Promise<AccountResult<string>>;
    /** Saves the address; `moved` subscriptions ship there from now on, `elsewhere` ones ship to another country. */
    saveAddress(input: AddressInput): Promise<AccountResult<{ moved: number; elsewhere: number }>>;
    replaceCard(cardToken: string): Promise<AccountResult>;
    changePassword(input: { currentPassword?: string; password: string }): Promise<AccountResult>;
    signOutSession(id: string): Promise<AccountResult>;
    unlinkIdentity(provider: SocialProviderName): Promise<AccountResult>;
    signOutEverywhere(): Promise<AccountResult>;
    signOut(): Promise<AccountResult>;
    deleteAccount(): Promise<AccountResult>;
    exportData(): Promise<unknown>;
  };
}

async function attempt<T>(run: () => Promise<{ value: T; setCookie?: string }>): Promise<AccountResult<T>> {
  try {
    return { ok: true, ...(await run()) };
  } catch (error) {
    return { ok: false, error: toShopError(error).toBody() };
  }
}

const NOT_SIGNED_IN: AccountResult<never> = { ok: false, error: { code: "UNAUTHENTICATED", message: "Please sign in." } };

/** A readable device name from a User-Agent, for the session list ("Chrome on macOS"). */
export function deviceName(userAgent: string | null): string {
  if (!userAgent) return "Unknown device";
  const browser = /Edg\//.test(userAgent) ? "Edge" : /Firefox\//.test(userAgent) ? "Firefox" : /Chrome\//.test(userAgent) ? "Chrome" : /Safari\//.test(userAgent) ? "Safari" : null;
  const os = /iPhone|iPad/.test(userAgent) ? "iOS" : /Android/.test(userAgent) ? "Android" : /Mac OS X/.test(userAgent) ? "macOS" : /Windows/.test(userAgent) ? "Windows" : /Linux/.test(userAgent) ? "Linux" : null;
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os ?? userAgent.slice(0, 40);
}

export function accountsContext(c: Context<AppEnv>): AccountsContext {
  const shop = c.get("shop");
  const session = c.get("session");
  const client = clientOf(c);
  const started = (s: StartedSession) => ({ value: null, setCookie: sessionCookieHeader(shop.env, s.token, s.expiresAt) });
  const ended = () => ({ value: null, setCookie: clearSessionCookieHeader(shop.env) });
  const purpose = (kind: "reset" | "set") => (kind === "reset" ? "reset_password" : "set_password") as "reset_password" | "set_password";
  const mine = <T>(run: (s: NonNullable<typeof session>) => Promise<{ value: T; setCookie?: string }>) => (session ? attempt(() => run(session)) : Promise.resolve(NOT_SIGNED_IN));

  return {
    accounts: {
      socialProviders: { google: socialProvider(shop.env, "google") !== null, facebook: socialProvider(shop.env, "facebook") !== null },
      signIn: (input) => attempt(async () => started(await signInWithPassword(shop, input, client))),
      register: (input) =>
        attempt<{ signedIn: boolean }>(async () => {
          const s = await registerAccount(shop, input, client);
          if (!s) return { value: { signedIn: false } };
          // The browser's earlier session, if any, ends: the id changes as the shopper becomes signed in.
          if (session) await revokeSession(shop, session.sessionId);
          return { value: { signedIn: true }, setCookie: sessionCookieHeader(shop.env, s.token, s.expiresAt) };
        }),
      resendVerification: (input) => attempt(async () => ({ value: await resendVerification(shop, input, client).then(() => null) })),
      sendMagicLink: (input) => attempt(async () => ({ value: await sendMagicLink(shop, input, client).then(() => null) })),
      sendCode: (input) => attempt(async () => ({ value: await sendLoginCode(shop, input, client).then(() => null) })),
      signInWithMagicLink: (token) => attempt(async () => started(await signInWithMagicLink(shop, token, client))),
      signInWithIdentityLink: (token) => attempt(async () => started(await signInWithIdentityLink(shop, token, client))),
      signInWithCode: (input) => attempt(async () => started(await signInWithCode(shop, input, client))),
      requestPasswordEmail: (input) =>
        attempt(async () => ({ value: (await requestPasswordEmail(shop, input, client)) === "reset_password" ? ("reset" as const) : ("set" as const) })),
      linkIsLive: (kind, token) => linkTokenIsLive(dbOf(shop), purpose(kind), token, shop.clock.now()),
      setPassword: (kind, input) => attempt(async () => started(await setPasswordWithToken(shop, purpose(kind), input, client))),
      socialCallback: (provider, input) =>
        attempt(async () => {
          const flow = await readSocialFlow(shop, getCookie(c, SOCIAL_FLOW_COOKIE));
          deleteCookie(c, SOCIAL_FLOW_COOKIE, { path: "/", secure: shop.env.NODE_ENV === "production" });
          const redirectUrl = flow?.redirectUri ?? "";
          const s = await socialSignOn(shop, provider, { ...input, redirectUrl }, flow, client);
          return { value: { created: s.created, redirectTo: flow?.redirectTo ?? null }, setCookie: sessionCookieHeader(shop.env, s.token, s.expiresAt) };
        }),
      user: async () => (session ? userView(shop, session.customerId).catch(() => null) : null),
      settingsAddress: async () => (session ? settingsAddressOf(shop, session.customerId) : { source: "none" as const, address: null }),
      sessions: async () =>
        session
          ? (await listSessions(shop, session.customerId)).map((s) => ({
              id: s.id,
              device: deviceName(s.userAgent),
              lastSeen: s.lastSeenAt?.toISOString() ?? null,
              current: s.id === session.sessionId,
            }))
          : [],
      updateProfile: (input) => mine(async (s) => ({ value: await updateUser(shop, s.customerId, input, client) })),
      confirmEmail: (token) => mine(async (s) => ({ value: await confirmEmailChange(shop, s.customerId, token) })),
      saveAddress: ({ seedSessionToken: _t, ...address }) => mine(async (s) => ({ value: await saveShippingAddress(shop, s.customerId, address) })),
      replaceCard: (cardToken) => mine(async (s) => ({ value: await replaceCard(shop, s.customerId, cardToken).then(() => null) })),
      changePassword: (input) => mine(async (s) => ({ value: await changePassword(shop, s.customerId, s.sessionId, input).then(() => null) })),
      signOutSession: (id) =>
        mine(async (s) => {
          await revokeOwnSession(shop, s.customerId, id);
          return id === s.sessionId ? ended() : { value: null };
        }),
      unlinkIdentity: (provider) =>
        mine(async (s) => {
          if (!(await unlinkIdentity(dbOf(shop), s.customerId, provider))) throw new ShopError("NOT_FOUND", "That account is not linked to yours.");
          return { value: null };
        }),
      signOutEverywhere: () =>
        mine(async (s) => {
          await revokeAllSessions(dbOf(shop), s.customerId, shop.clock.now());
          return ended();
        }),
      signOut: () =>
        mine(async (s) => {
          await revokeOwnSession(shop, s.customerId, s.sessionId);
          await recordEvents(shop, [{ name: "Logout", properties: {} }], { customerId: s.customerId, requestId: c.get("requestId") });
          return ended();
        }),
      deleteAccount: () =>
        mine(async (s) => {
          await deleteAccount(shop, s.customerId);
          return ended();
        }),
      exportData: async () => (session ? exportAccountData(shop, session.customerId) : null),
    },
  };
}

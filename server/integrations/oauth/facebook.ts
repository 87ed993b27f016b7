import { withoutTrailingSlashes } from "../../../domain/routes";
import type { Env } from "../../env";
import type { SocialProfile, SocialProvider } from "./provider";

/**
 * Facebook Login: an OAuth 2 code for an access token at the Graph API, then /me for the profile. Facebook has no
 * ID token or nonce here; the state (checked by the caller) binds the answer to this browser, and the appsecret_proof
 * binds the token to our app. FACEBOOK_GRAPH_URL points tests at a local stand-in.
 */
async function getJson(url: URL): Promise<Record<string, unknown>> {
  const res = await fetch(url, { signal: AbortSignal.timeout(10_000), redirect: "error" });
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok) throw new Error(`Facebook answered ${res.status}`);
  return body;
}

export function facebookProvider(env: Env): SocialProvider | null {
  if (!env.FACEBOOK_CLIENT_ID || !env.FACEBOOK_CLIENT_SECRET) return null;
  const graph = withoutTrailingSlashes(env.FACEBOOK_GRAPH_URL);
  return {
    name: "facebook",
    async authorizationUrl({ redirectUri, state }) {
      const url = new URL(env.FACEBOOK_AUTHORIZE_URL);
      url.search = new URLSearchParams({ client_id: env.FACEBOOK_CLIENT_ID!, redirect_uri: redirectUri, state, scope: "email", response_type: "code" }).toString();
      return url.toString();
    },
    async exchange({ code, redirectUri }): Promise<SocialProfile> {
      const tokenUrl = new URL(`${graph}/oauth/access_token`);
      tokenUrl.search = new URLSearchParams({ client_id: env.FACEBOOK_CLIENT_ID!, client_secret: env.FACEBOOK_CLIENT_SECRET!, redirect_uri: redirectUri, code }).toString();
      const token = await getJson(tokenUrl);
      if (typeof token.access_token !== "string") throw new Error("no access token");
      const { createHmac } = await import("node:crypto");
      const proof = createHmac("sha256", env.FACEBOOK_CLIENT_SECRET!).update(token.access_token).digest("hex");
      const meUrl = new URL(`${graph}/me`);
      meUrl.search = new URLSearchParams({ fields: "id,email,first_name,last_name", access_token: token.access_token, appsecret_proof: proof }).toString();
      const me = await getJson(meUrl);
      if (typeof me.id !== "string" || me.id === "") throw new Error("no user id");
      return {
        subject: me.id,
        email: typeof me.email === "string" ? me.email : null,
        // Facebook only returns an address its user confirmed, but does not say so per answer: we trust it to create
        // a new account, never to take over an existing one (docs/decisions/0016).
        emailVerified: false,
        firstName: typeof me.first_name === "string" ? me.first_name : null,
        lastName: typeof me.last_name === "string" ? me.last_name : null,
      };
    },
  };
}

import * as oidc from "openid-client";
import type { Env } from "../../env";
import type { SocialProfile, SocialProvider } from "./provider";

/**
 * Google sign-in through openid-client: discovery from GOOGLE_ISSUER, authorization code with PKCE, and the ID
 * token's signature, issuer, audience, expiry and nonce checked by the library. Tests point GOOGLE_ISSUER at a real
 * OpenID provider (panva's oidc-provider) run locally.
 */
const configs = new Map<string, Promise<oidc.Configuration>>();

function configOf(env: Env): Promise<oidc.Configuration> {
  const key = `${env.GOOGLE_ISSUER}|${env.GOOGLE_CLIENT_ID}`;
  let config = configs.get(key);
  if (!config) {
    const insecure = new URL(env.GOOGLE_ISSUER).protocol === "http:";
    config = oidc.discovery(new URL(env.GOOGLE_ISSUER), env.GOOGLE_CLIENT_ID!, env.GOOGLE_CLIENT_SECRET, undefined, {
      // Plain http only for an issuer on this machine (tests); Google itself is https.
      ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
      timeout: 10,
    });
    configs.set(key, config);
    config.catch(() => configs.delete(key));
  }
  return config;
}

export function googleProvider(env: Env): SocialProvider | null {
  if (!env.GOOGLE_CLIENT_ID || !env.GOOGLE_CLIENT_SECRET) return null;
  return {
    name: "google",
    async authorizationUrl({ redirectUri, state, nonce, codeVerifier }) {
      const config = await configOf(env);
      return oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: "openid email profile",
        state,
        nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: "S256",
      }).toString();
    },
    async exchange({ code, state, iss, redirectUri, expected }): Promise<SocialProfile> {
      const config = await configOf(env);
      const callback = new URL(redirectUri);
      callback.searchParams.set("code", code);
      callback.searchParams.set("state", state);
      // RFC 9207: a provider that names itself in the answer is checked against the issuer we expect (mix-up defence).
      if (iss) callback.searchParams.set("iss", iss);
      const tokens = await oidc.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: expected.codeVerifier,
        expectedState: expected.state,
        expectedNonce: expected.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims?.sub) throw new Error("no subject in the ID token");
      return {
        subject: claims.sub,
        email: typeof claims.email === "string" ? claims.email : null,
        emailVerified: claims.email_verified === true,
        firstName: typeof claims.given_name === "string" ? claims.given_name : null,
        lastName: typeof claims.family_name === "string" ? claims.family_name : null,
      };
    },
  };
}

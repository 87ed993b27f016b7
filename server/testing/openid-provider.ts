import { createServer, type Server } from "node:http";
import Provider from "oidc-provider";

/**
 * A real OpenID provider (panva's oidc-provider) on this machine, standing in for Google in tests. Its login and
 * consent step is done by code: the next authorization signs in `nextAccount` and grants openid email profile.
 */
export interface TestAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
}

export interface LocalOpenIdProvider {
  issuer: string;
  accounts: Map<string, TestAccount>;
  nextAccount: string | null;
  close(): Promise<void>;
}

export async function startOpenIdProvider(port: number, client: { clientId: string; clientSecret: string; redirectUris: string[] }): Promise<LocalOpenIdProvider> {
  const issuer = `http://127.0.0.1:${port}`;
  const accounts = new Map<string, TestAccount>();
  const state: LocalOpenIdProvider = { issuer, accounts, nextAccount: null, close: async () => {} };
  const provider = new Provider(issuer, {
    clients: [{ client_id: client.clientId, client_secret: client.clientSecret, redirect_uris: client.redirectUris, grant_types: ["authorization_code"], response_types: ["code"] }],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["given_name", "family_name"] },
    scopes: ["openid", "email", "profile"],
    pkce: { required: () => true },
    // Like Google: the ID token itself carries email and profile claims.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: async (_ctx, id) => {
      const account = accounts.get(id);
      return account ? { accountId: id, claims: async () => ({ ...account }) } : undefined;
    },
  });
  const server: Server = createServer(async (req, res) => {
    if (req.url?.startsWith("/interaction/")) {
      try {
        const details = await provider.interactionDetails(req, res);
        const accountId = state.nextAccount ?? "";
        const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
        grant.addOIDCScope("openid email profile");
        const grantId = await grant.save();
        await provider.interactionFinished(req, res, { login: { accountId }, consent: { grantId } }, { mergeWithLastSubmission: false });
      } catch (error) {
        res.statusCode = 500;
        res.end(String(error));
      }
      return;
    }
    provider.callback()(req, res);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}

/**
 * Follows the provider's redirects from an authorization URL (keeping its cookies) until it sends the browser back
 * to the shop's redirect URI; answers that callback URL with its code and state.
 */
export async function authorize(authorizationUrl: string, redirectUri: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = authorizationUrl;
  for (let hop = 0; hop < 10; hop++) {
    if (url.startsWith(redirectUri)) return new URL(url);
    const res = await fetch(url, { redirect: "manual", headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") } });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const [name, ...value] = pair!.split("=");
      jar.set(name!, value.join("="));
    }
    const location = res.headers.get("location");
    if (!location) throw new Error(`the provider stopped at ${res.status}: ${await res.text()}`);
    url = new URL(location, url).toString();
  }
  throw new Error("too many redirects");
}

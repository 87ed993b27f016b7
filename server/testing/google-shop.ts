import { createApp } from "../app";
import { requester } from "./accounts";
import { authorize, startOpenIdProvider, type LocalOpenIdProvider } from "./openid-provider";
import { openTestShop, type TestShop } from "./test-shop";

const ORIGIN = "http://localhost";
const CLIENT = { clientId: "seed-shop", clientSecret: "op-secret-op-secret" };
export const GOOGLE_REDIRECT = `${ORIGIN}/login/callback/google`;

export interface GoogleShop {
  shop: TestShop;
  op: LocalOpenIdProvider;
  http: ReturnType<typeof requester>;
  /** The whole Google round trip as `account`: start at the shop, sign in at the provider, post the callback. */
  googleSignOn(account: string): Promise<Response>;
  close(): Promise<void>;
}

/** A test shop with Google sign-in against a real local OpenID provider on `port`, requests coming from `ip`. */
export async function openGoogleShop(port: number, ip: string): Promise<GoogleShop> {
  const op = await startOpenIdProvider(port, { ...CLIENT, redirectUris: [GOOGLE_REDIRECT] });
  const shop = await openTestShop({ env: { PUBLIC_URL: ORIGIN, GOOGLE_CLIENT_ID: CLIENT.clientId, GOOGLE_CLIENT_SECRET: CLIENT.clientSecret, GOOGLE_ISSUER: op.issuer } });
  const http = requester(createApp(shop), ip, shop);
  async function googleSignOn(account: string) {
    op.nextAccount = account;
    const start = await http.get("/api/auth/social/google/start");
    const flowCookie = start.headers.getSetCookie().find((c) => c.startsWith("seed_oauth="))!.split(";")[0]!;
    const callback = await authorize(start.headers.get("location")!, GOOGLE_REDIRECT);
    const body = { code: callback.searchParams.get("code")!, state: callback.searchParams.get("state")!, redirect_url: GOOGLE_REDIRECT, iss: op.issuer };
    return http.post("/provider/account/google-signon", body, flowCookie);
  }
  return { shop, op, http, googleSignOn, close: async () => (await shop.cleanup(), await op.close()) };
}

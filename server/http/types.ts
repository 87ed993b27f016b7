import type { SessionClaims } from "../modules/auth";
import type { Shop } from "../shop";

/** Per-request values set by middleware and read by handlers. */
export type AppEnv = {
  Variables: {
    shop: Shop;
    requestId: string;
    secureHeadersNonce?: string;
    session: SessionClaims | null;
  };
};

import type { SessionClaims } from "../modules/auth";
import type { StaffSession } from "../modules/staff";
import type { Shop } from "../shop";

/** Per-request values set by middleware and read by handlers. */
export type AppEnv = {
  Variables: {
    shop: Shop;
    requestId: string;
    secureHeadersNonce?: string;
    session: SessionClaims | null;
    /** The console's staff session (seed_console cookie), on /console and /api/console only. */
    staff?: StaffSession | null;
  };
};

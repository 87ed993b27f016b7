import type { DatabaseHandle } from "./db/client";
import type { Env } from "./env";
import type { Clock } from "./lib/clock";
import type { Logger } from "./lib/logger";
import type { PaymentGateway } from "./integrations/payments/gateway";

/** Everything a service needs, built once at boot and passed down (no module-level singletons). */
export interface Shop {
  env: Env;
  database: DatabaseHandle;
  clock: Clock;
  log: Logger;
  /** The card gateway; the built-in sandbox when not set (tests set one to simulate outages). */
  gateway?: PaymentGateway;
}

export const dbOf = (shop: Shop) => shop.database.db;

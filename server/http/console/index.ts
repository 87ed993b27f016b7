import { ShopError } from "../../../domain/errors";
import { errorResponse } from "../errors";
import { createRouter } from "../openapi";
import { consoleAuthApi } from "./auth";
import { consoleContentApi } from "./content";
import { consoleCouponsApi } from "./coupons";
import { consoleCustomersApi } from "./customers";
import { consoleDashboardApi } from "./dashboard";
import { consoleFiguresApi } from "./figures";
import { consoleOrdersApi } from "./orders";
import { consoleReferralsApi } from "./referrals";
import { consoleSettingsApi } from "./settings";
import { consoleSubscriptionsApi } from "./subscriptions";
import { consoleExperimentsApi } from "./experiments";
import { consolePrivacyApi } from "./privacy";
import { consoleMediaApi } from "./media";

/**
 * The operator console's API, mounted at /api/console (docs/decisions/0023-staff-access.md). Each endpoint is a
 * consoleRoute with its permission. Sections of areas still being built (subscriptions, refunds, content, dashboard,
 * experiments, referrals) add a router here and their permissions in domain/console-access.ts.
 */
export function createConsoleApi() {
  const api = createRouter();
  api.route("/", consoleAuthApi);
  api.route("/", consoleDashboardApi);
  api.route("/", consoleFiguresApi);
  api.route("/", consoleOrdersApi);
  api.route("/", consoleCustomersApi);
  api.route("/", consoleSubscriptionsApi);
  api.route("/", consoleCouponsApi);
  api.route("/", consoleSettingsApi);
  api.route("/", consoleReferralsApi);
  api.route("/", consoleContentApi);
  api.route("/", consoleExperimentsApi);
  api.route("/", consolePrivacyApi);
  api.route("/", consoleMediaApi);
  api.all("*", (c) => errorResponse(c, new ShopError("NOT_FOUND", `No endpoint ${c.req.method} ${c.req.path}.`)));
  return api;
}

export { consolePageGate, staffSessionMiddleware } from "./middleware";
export { isMediaUpload, uploadBodyLimit } from "./media";
export { consoleService, setupUrl, type ConsoleService } from "./service";

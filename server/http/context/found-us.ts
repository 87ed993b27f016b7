import type { Context } from "hono";
import { ShopError } from "../../../domain/errors";
import { FOUND_US_NONE_CHOSEN, FOUND_US_QUESTION, FOUND_US_SURVEY } from "../../../domain/found-us";
import { customerOfOrder } from "../../modules/orders";
import { enforceLimit } from "../../modules/rate-limit";
import { answerOrderSurvey, orderSurveyAnswered } from "../../modules/surveys";
import { dbOf } from "../../shop";
import { clientAddressKey } from "../middleware/client-ip";
import { readLastOrderId } from "../pages/last-order-cookie";
import type { Flags } from "../../../domain/flags";
import type { AppEnv } from "../types";
import { crossSiteFailure, formFailureOf, sameOrigin, type FormFailure } from "./form-failure";

/**
 * The thank-you page's "How did you hear about Seed?" (data-multiselect-experiment-checkout, ADR 0062), for the order
 * this browser just placed (its signed cookie): asked while the flag is on and the order has no answer yet.
 */
export interface FoundUsContext {
  foundUs: {
    /** Whether to ask about this order: the flag is on and it has no answer yet. */
    ask(orderId: string): Promise<boolean>;
    answer(choices: string[]): Promise<{ ok: true } | FormFailure>;
  };
}

/** `flags` are the shell's: the shopper's flags as every page resolves them. */
export function foundUsContext(c: Context<AppEnv>, flags: Flags): FoundUsContext {
  const shop = c.get("shop");
  const flagOn = () => flags["data-multiselect-experiment-checkout"];
  return {
    foundUs: {
      ask: async (orderId) => flagOn() && !(await orderSurveyAnswered(dbOf(shop), orderId)),
      answer: async (choices) => {
        if (!sameOrigin(c)) return crossSiteFailure();
        try {
          if (!flagOn()) throw new ShopError("NOT_FOUND", "This question is not being asked.");
          if (shop.env.RATE_LIMITS.enabled) await enforceLimit(shop, "forms-per-address", clientAddressKey(c));
          if (choices.length === 0) throw new ShopError("VALIDATION_ERROR", FOUND_US_NONE_CHOSEN);
          const orderId = await readLastOrderId(c);
          if (!orderId) throw new ShopError("NOT_FOUND", "There is no recent order in this browser.");
          const customerId = await customerOfOrder(dbOf(shop), orderId);
          // A second answer for the same order is kept out by the primary key and thanked all the same.
          await answerOrderSurvey(dbOf(shop), FOUND_US_SURVEY, { id: orderId, customerId }, { [FOUND_US_QUESTION.id]: choices }, shop.clock.now());
          return { ok: true };
        } catch (error) {
          return formFailureOf(error);
        }
      },
    },
  };
}

import { eq } from "drizzle-orm";
import { ShopError } from "../../../domain/errors";
import {
  cartLinkFor,
  checkAnswers,
  nextQuestionIndex,
  recommend,
  surveyNamed,
  type QuizRecommendation,
  type SurveyAnswers,
  type SurveyDefinition,
} from "../../../domain/quiz";
import { priceWithCoupon } from "../../../domain/pricing";
import { isValidEmail, normaliseEmail } from "../../../domain/validation";
import { surveyResponses } from "../../db/schema";
import { plansForCountry } from "../catalog";
import { usableCoupon } from "../coupons";
import { enqueueEmail, sendQueuedEmailsSoon } from "../email";
import { quizResultEmail } from "./result-email";
import { dbOf, type Shop } from "../../shop";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Who asks, for ownership and prices. */
export interface SurveyViewer {
  customerId: string | null;
  country: string;
  /** Where links in the result email start: the shop's public origin (server/public-origin.ts). */
  origin?: string;
}

export interface PricedRecommendation extends QuizRecommendation {
  /** Where the result's button goes: the cart with the plan and the promo code. */
  cartLink: string;
  /** Minor units in the shopper's currency, or null where the plan is not sold (pediatric abroad). */
  price: { currency: string; amount: number; discounted: number | null } | null;
}

export interface UserSurvey {
  id: string;
  surveyName: string;
  answers: SurveyAnswers;
  /** The next question to answer, or null when complete. */
  nextQuestion: string | null;
  complete: boolean;
  /** Whether an email was given (the address itself is never sent back). */
  emailGiven: boolean;
  recommendation: PricedRecommendation | null;
}

export function surveyDefinition(name: string): SurveyDefinition {
  const survey = surveyNamed(name);
  if (!survey) throw new ShopError("NOT_FOUND", `There is no survey named "${name.slice(0, 60)}".`);
  return survey;
}

type Row = typeof surveyResponses.$inferSelect;

/** A row this viewer may see: one started signed in belongs to that customer only; an anonymous one to whoever holds its id. */
async function ownRow(shop: Shop, id: string, viewer: SurveyViewer): Promise<Row> {
  if (!UUID.test(id)) throw new ShopError("NOT_FOUND", "There is no such survey answer.");
  const [row] = await dbOf(shop).select().from(surveyResponses).where(eq(surveyResponses.id, id));
  // Someone else's answers are "not found", not "forbidden": an id says nothing about who holds it.
  if (!row || (row.customerId !== null && row.customerId !== viewer.customerId)) throw new ShopError("NOT_FOUND", "There is no such survey answer.");
  return row;
}

async function priced(shop: Shop, recommendation: QuizRecommendation, viewer: SurveyViewer): Promise<PricedRecommendation> {
  const plans = await plansForCountry(shop, viewer.country).catch(() => []);
  const plan = plans.find((p) => p.code === recommendation.planCode);
  let price: PricedRecommendation["price"] = null;
  let promoCode = recommendation.promoCode;
  if (plan) {
    price = { currency: plan.currency, amount: plan.price, discounted: null };
    if (promoCode) {
      try {
        const coupon = await usableCoupon(dbOf(shop), promoCode, { now: shop.clock.now(), customerId: viewer.customerId, isFirstOrder: null });
        const withCoupon = priceWithCoupon(plan, coupon);
        price.discounted = withCoupon.discount > 0 ? withCoupon.discountedPrice : null;
      } catch {
        // The code has ended or this customer has used it: the result says so by showing no offer.
        promoCode = null;
      }
    }
  }
  const final = { ...recommendation, promoCode: price?.discounted != null ? promoCode : null };
  return { ...final, cartLink: cartLinkFor(final), price };
}

async function view(shop: Shop, row: Row, viewer: SurveyViewer): Promise<UserSurvey> {
  const survey = surveyDefinition(row.surveyName);
  const next = nextQuestionIndex(survey, row.answers);
  const complete = next === null;
  return {
    id: row.id,
    surveyName: row.surveyName,
    answers: row.answers,
    nextQuestion: complete ? null : survey.questions[next]!.id,
    complete,
    emailGiven: row.email !== null,
    recommendation: complete ? await priced(shop, recommend(row.answers), viewer) : null,
  };
}

export interface AnswerInput {
  /** Continue this user-survey; absent starts a new one. */
  id?: string;
  answers: unknown;
  email?: string | null;
}

/**
 * Saves answers of a survey (one step or all at once): checked against the survey's questions, merged into the
 * user-survey named by `id` (its owner only) or a new one. When the last question is answered the recommendation
 * is stored. Bad input is VALIDATION_ERROR (400); an unknown survey or id is NOT_FOUND (404).
 */
export async function saveSurveyAnswers(shop: Shop, name: string, input: AnswerInput, viewer: SurveyViewer): Promise<{ survey: UserSurvey; started: boolean }> {
  const survey = surveyDefinition(name);
  const checked = checkAnswers(survey, input.answers);
  if (!checked.ok) throw new ShopError("VALIDATION_ERROR", checked.message);
  let email: string | null = null;
  if (input.email !== undefined && input.email !== null && input.email.trim() !== "") {
    if (input.email.length > 254 || !isValidEmail(input.email.trim())) throw new ShopError("VALIDATION_ERROR", "Kindly enter a valid email address.");
    email = normaliseEmail(input.email);
  }
  const now = shop.clock.now();
  const existing = input.id ? await ownRow(shop, input.id, viewer) : null;
  if (existing && existing.surveyName !== survey.name) throw new ShopError("NOT_FOUND", "There is no such survey answer.");
  const answers = { ...(existing?.answers ?? {}), ...checked.answers };
  const complete = nextQuestionIndex(survey, answers) === null;
  const values = {
    answers,
    email: email ?? existing?.email ?? null,
    recommendedPlan: complete ? recommend(answers).planCode : null,
    completedAt: complete ? (existing?.completedAt ?? now) : null,
    updatedAt: now,
  };
  let row: Row;
  if (existing) {
    [row] = (await dbOf(shop).update(surveyResponses).set(values).where(eq(surveyResponses.id, existing.id)).returning()) as [Row];
  } else {
    [row] = (await dbOf(shop)
      .insert(surveyResponses)
      .values({ surveyName: survey.name, customerId: viewer.customerId, createdAt: now, ...values })
      .returning()) as [Row];
  }
  const result = await view(shop, row, viewer);
  // The shopper gave an address to receive the result: send it once per address.
  if (result.recommendation && row.email && viewer.origin) {
    const queued = await enqueueEmail(
      dbOf(shop),
      { to: row.email, ...quizResultEmail(result.recommendation, viewer.origin), template: "quiz-result", idempotencyKey: `quiz-result:${row.id}:${row.email}` },
      { now },
    );
    if (queued) void sendQueuedEmailsSoon(shop);
  }
  return { survey: result, started: !existing };
}

/** GET /survey/user-survey/{id}/: the answers so far and, once complete, the recommendation. */
export async function userSurvey(shop: Shop, id: string, viewer: SurveyViewer): Promise<UserSurvey> {
  return view(shop, await ownRow(shop, id, viewer), viewer);
}

import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { ShopError } from "../../../domain/errors";
import { EVENTS } from "../../../domain/event-names";
import { pickCountry } from "../../../domain/locale";
import { DS01_QUIZ, type SurveyDefinition } from "../../../domain/quiz";
import { locate } from "../../integrations/geo";
import { enforceLimit } from "../../modules/rate-limit";
import { saveSurveyAnswers, userSurvey, type SurveyViewer, type UserSurvey } from "../../modules/surveys";
import { clientAddressKey } from "../middleware/client-ip";
import type { AppEnv } from "../types";
import { crossSiteFailure, formFailureOf, sameOrigin, type FormFailure } from "./form-failure";
import { recordPageEvents } from "./server-events";
import { COUNTRY_COOKIE } from "./shell";
import { publicOrigin } from "../../public-origin";

export type QuizAnswerOutcome = { ok: true; survey: UserSurvey } | FormFailure;

export interface QuizContext {
  quiz: {
    definition: SurveyDefinition;
    /** A user-survey of this visitor, or null (unknown, malformed, or someone else's). */
    load(id: string | null): Promise<UserSurvey | null>;
    /** Saves one step (the page's plain form, before or after JavaScript) through the survey service of /survey/...; records the quiz events. */
    answer(input: { id: string | null; answers: Record<string, string[]>; email?: string | null }): Promise<QuizAnswerOutcome>;
  };
}

export function quizContext(c: Context<AppEnv>): QuizContext {
  const shop = c.get("shop");
  const viewer = (): SurveyViewer => ({
    customerId: c.get("session")?.customerId ?? null,
    country: pickCountry(c.req.query("country"), getCookie(c, COUNTRY_COOKIE), locate(c.req.raw.headers).country),
    origin: publicOrigin(c.get("shop").env, c.req.url),
  });
  return {
    quiz: {
      definition: DS01_QUIZ,
      load: async (id) => {
        if (!id) return null;
        try {
          return await userSurvey(shop, id, viewer());
        } catch (error) {
          if (error instanceof ShopError && error.status < 500) return null;
          throw error;
        }
      },
      answer: async (input) => {
        if (!sameOrigin(c)) return crossSiteFailure();
        try {
          if (shop.env.RATE_LIMITS.enabled) await enforceLimit(shop, "forms-per-address", clientAddressKey(c));
          const { survey, started } = await saveSurveyAnswers(shop, DS01_QUIZ.name, { id: input.id ?? undefined, answers: input.answers, email: input.email }, viewer());
          const path = new URL(c.req.url).pathname;
          const quiz = DS01_QUIZ.name;
          const events = [];
          if (started) events.push({ name: EVENTS.quizStarted, properties: { quiz, location: "quiz page" }, path });
          for (const question of Object.keys(input.answers)) {
            const step = DS01_QUIZ.questions.findIndex((q) => q.id === question) + 1;
            events.push({ name: EVENTS.quizStepCompleted, properties: { quiz, step, question }, path });
          }
          if (survey.complete && survey.recommendation && Object.keys(input.answers).length > 0) {
            events.push({ name: EVENTS.quizCompleted, properties: { quiz, recommendedPlan: survey.recommendation.planCode }, path });
          }
          if (events.length > 0) await recordPageEvents(c, events);
          return { ok: true, survey };
        } catch (error) {
          return formFailureOf(error);
        }
      },
    },
  };
}

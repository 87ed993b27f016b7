import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { locate } from "../../integrations/geo";
import { COUNTRY_COOKIE } from "../context/shell";
import { saveSurveyAnswers, surveyDefinition, userSurvey, type SurveyViewer } from "../../modules/surveys";
import { pickCountry } from "../../../domain/locale";
import { rateLimit } from "../middleware/rate-limit";
import { createRouter, errorResponses, jsonBody, jsonResponse, rateLimitedResponses, ErrorSchema } from "../openapi";
import type { AppEnv } from "../types";
import { publicOrigin } from "../../public-origin";

/** The survey calls of SPEC.md section 7, over server/modules/surveys (the quiz page uses the same service). */

const SurveyName = z.string().regex(/^[a-z0-9-]{1,64}$/, "a survey name: lowercase letters, digits and dashes");
const Id = z.string().uuid("a user-survey id (a UUID)");
const Choice = z.string().min(1).max(40);
const AnswersBody = z.object({
  id: Id.optional(),
  answers: z.record(z.string().min(1).max(40), z.union([Choice, z.array(Choice).max(10)])),
  email: z.string().max(254).nullable().optional(),
});

const Option = z.object({ id: z.string(), label: z.string(), hint: z.string().optional() });
const SurveySchema = z
  .object({
    name: z.string(),
    title: z.string(),
    intro: z.string(),
    questions: z.array(z.object({ id: z.string(), title: z.string(), help: z.string(), kind: z.enum(["single", "multiple"]), options: z.array(Option) })),
  })
  .openapi("Survey");
const UserSurveySchema = z
  .object({
    id: z.string(),
    surveyName: z.string(),
    answers: z.record(z.string(), z.array(z.string())),
    nextQuestion: z.string().nullable(),
    complete: z.boolean(),
    emailGiven: z.boolean(),
    recommendation: z
      .object({
        planCode: z.string(),
        productName: z.string(),
        headline: z.string(),
        reasons: z.array(z.string()),
        caution: z.string().nullable(),
        promoCode: z.string().nullable(),
        cartLink: z.string(),
        price: z.object({ currency: z.string(), amount: z.number(), discounted: z.number().nullable() }).nullable(),
      })
      .nullable(),
  })
  .openapi("UserSurvey");

const notFound = { 404: jsonResponse("No such survey or user-survey (or not this visitor's)", ErrorSchema) };

const getSurvey = createRoute({
  method: "get",
  path: "/survey/{name}",
  summary: "A survey's questions and options (the DS-01 quiz is is-ds01-right-for-you)",
  request: { params: z.object({ name: SurveyName }) },
  responses: { 200: jsonResponse("The survey", SurveySchema), ...errorResponses, ...notFound },
});

const answersByQuery = createRoute({
  method: "post",
  path: "/survey/survey-answers",
  middleware: [rateLimit("forms-per-address")] as const,
  summary: "Save answers (one step or all); with id, continue that user-survey. Complete answers carry the recommendation and the quiz promo code",
  request: { query: z.object({ survey_name: SurveyName }), body: jsonBody(AnswersBody) },
  responses: { 200: jsonResponse("The user-survey", UserSurveySchema), ...errorResponses, ...notFound, ...rateLimitedResponses },
});

const answersByPath = createRoute({
  method: "post",
  path: "/survey/{name}/survey-answers",
  middleware: [rateLimit("forms-per-address")] as const,
  summary: "The same as POST /survey/survey-answers/?survey_name={name}",
  request: { params: z.object({ name: SurveyName }), body: jsonBody(AnswersBody) },
  responses: { 200: jsonResponse("The user-survey", UserSurveySchema), ...errorResponses, ...notFound, ...rateLimitedResponses },
});

const getUserSurvey = createRoute({
  method: "get",
  path: "/survey/user-survey/{id}",
  summary: "A user-survey's answers and, once complete, its recommendation; one started signed in is its customer's only",
  request: { params: z.object({ id: Id }) },
  responses: { 200: jsonResponse("The user-survey", UserSurveySchema), ...errorResponses, ...notFound },
});

function viewerOf(c: Context<AppEnv>): SurveyViewer {
  return { customerId: c.get("session")?.customerId ?? null, country: pickCountry(c.req.query("country"), getCookie(c, COUNTRY_COOKIE), locate(c.req.raw.headers).country), origin: publicOrigin(c.get("shop").env, c.req.url) };
}

export const surveysProvider = createRouter()
  .openapi(getUserSurvey, async (c) => c.json(await userSurvey(c.get("shop"), c.req.valid("param").id, viewerOf(c)), 200))
  .openapi(getSurvey, (c) => c.json(surveyDefinition(c.req.valid("param").name), 200))
  .openapi(answersByQuery, async (c) => {
    const { survey } = await saveSurveyAnswers(c.get("shop"), c.req.valid("query").survey_name, c.req.valid("json"), viewerOf(c));
    return c.json(survey, 200);
  })
  .openapi(answersByPath, async (c) => {
    const { survey } = await saveSurveyAnswers(c.get("shop"), c.req.valid("param").name, c.req.valid("json"), viewerOf(c));
    return c.json(survey, 200);
  });

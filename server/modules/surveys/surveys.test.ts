import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app";
import { emailOutbox } from "../../db/schema";
import { startSession } from "../auth";
import { findOrCreateCustomer } from "../customers";
import { dbOf } from "../../shop";
import { openTestShop, testDriver, type TestShop } from "../../testing/test-shop";

const ALL_ANSWERS = { who: "me", goals: ["bloating", "skin"], frequency: "weekly", history: "never", pregnancy: "no", pace: "three" };

/** The survey calls of SPEC.md section 7 on the provider surface (PGlite and PostgreSQL). */
describe(`survey endpoints (${testDriver()})`, () => {
  let shop: TestShop;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    shop = await openTestShop({ now: "2026-11-25T12:00:00Z", env: { PUBLIC_URL: "https://shop.test" } });
    app = createApp(shop);
  });
  afterAll(() => shop.cleanup());

  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await app.request(`/provider${path}`, { method: "POST", body: typeof body === "string" ? body : JSON.stringify(body), headers: { "content-type": "application/json", ...headers } });
    return { status: res.status, body: (await res.json()) as any };
  };
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await app.request(`/provider${path}`, { headers });
    return { status: res.status, body: (await res.json()) as any };
  };

  it("GET /survey/{name}/ gives the quiz's questions; an unknown survey is 404 {code, message}", async () => {
    const { status, body } = await get("/survey/is-ds01-right-for-you/");
    expect(status).toBe(200);
    expect(body.questions.map((q: any) => q.id)).toEqual(["who", "goals", "frequency", "history", "pregnancy", "pace"]);
    expect(await get("/survey/no-such-quiz/")).toMatchObject({ status: 404, body: { code: "NOT_FOUND", message: expect.any(String) } });
    expect(await get("/survey/Bad%20Name/")).toMatchObject({ status: 400, body: { code: "VALIDATION_ERROR" } });
  });

  it("answers step by step through both answer routes, then GET /survey/user-survey/{id}/ carries the plan and DS-01-25-OFF", async () => {
    const first = await post("/survey/survey-answers/?survey_name=is-ds01-right-for-you", { answers: { who: "me" } });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ complete: false, nextQuestion: "goals", recommendation: null });
    const id = first.body.id;
    const rest = { ...ALL_ANSWERS } as Record<string, unknown>;
    delete rest.who;
    const done = await post("/survey/is-ds01-right-for-you/survey-answers/", { id, answers: rest });
    expect(done.status).toBe(200);
    expect(done.body.complete).toBe(true);
    expect(done.body.recommendation).toMatchObject({
      planCode: "syn-wk-3mo",
      promoCode: "DS-01-25-OFF",
      cartLink: "/cart?cart=syn-wk-3mo&promo_code=DS-01-25-OFF",
      price: { currency: "USD", amount: 13497, discounted: 10123 },
    });
    const read = await get(`/survey/user-survey/${id}/`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(done.body);
  });

  it("a child gets PDS-08 and no quiz code (it is for DS-01 only)", async () => {
    const { body } = await post("/survey/is-ds01-right-for-you/survey-answers/", { answers: { ...ALL_ANSWERS, who: "child" } });
    expect(body.recommendation).toMatchObject({ planCode: "pds-wk", promoCode: null, cartLink: "/cart?cart=pds-wk" });
  });

  it("an email given with complete answers gets the result email once, and is never sent back", async () => {
    const { body } = await post("/survey/is-ds01-right-for-you/survey-answers/", { answers: ALL_ANSWERS, email: "Quiz@Example.com" });
    expect(body.emailGiven).toBe(true);
    expect(JSON.stringify(body)).not.toContain("quiz@example.com");
    await post("/survey/is-ds01-right-for-you/survey-answers/", { id: body.id, answers: {}, email: "quiz@example.com" });
    const mails = await dbOf(shop).select().from(emailOutbox).where(eq(emailOutbox.to, "quiz@example.com"));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("https://shop.test/cart?cart=syn-wk-3mo&promo_code=DS-01-25-OFF");
  });

  it.each([
    ["an unknown question", { answers: { shoe: "me" } }],
    ["an unknown option", { answers: { who: "dog" } }],
    ["two options on a single-choice question", { answers: { who: ["me", "child"] } }],
    ["no option", { answers: { goals: [] } }],
    ["a repeated option", { answers: { goals: ["skin", "skin"] } }],
    ["answers that are not an object", { answers: "who=me" }],
    ["a bad email", { answers: { who: "me" }, email: "not-an-email" }],
    ["a malformed id", { id: "123", answers: { who: "me" } }],
    ["no body", "not json"],
  ])("bad input (%s) is 400 {code, message}, never 500", async (_case, body) => {
    const { status, body: answer } = await post("/survey/is-ds01-right-for-you/survey-answers/", body);
    expect(status).toBe(400);
    expect(answer).toEqual({ code: "VALIDATION_ERROR", message: expect.any(String) });
  });

  it("unknown ids and surveys are 404; a missing survey_name is 400", async () => {
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await get(`/survey/user-survey/${unknown}/`)).status).toBe(404);
    expect((await get("/survey/user-survey/nope/")).status).toBe(400);
    expect((await post("/survey/is-ds01-right-for-you/survey-answers/", { id: unknown, answers: { who: "me" } })).status).toBe(404);
    expect((await post("/survey/other/survey-answers/", { answers: { who: "me" } })).status).toBe(404);
    expect((await post("/survey/survey-answers/", { answers: { who: "me" } })).status).toBe(400);
  });

  it("a user-survey started signed in is its customer's only: others (and anonymous visitors) get 404 and cannot add to it", async () => {
    const owner = await findOrCreateCustomer(shop, "owner@example.com");
    const other = await findOrCreateCustomer(shop, "other@example.com");
    const ownerCookie = `seed_jwt=${(await startSession(shop, owner)).token}`;
    const otherCookie = `seed_jwt=${(await startSession(shop, other)).token}`;
    const { body } = await post("/survey/is-ds01-right-for-you/survey-answers/", { answers: { who: "me" } }, { cookie: ownerCookie });
    expect((await get(`/survey/user-survey/${body.id}/`, { cookie: ownerCookie })).status).toBe(200);
    expect((await get(`/survey/user-survey/${body.id}/`, { cookie: otherCookie })).status).toBe(404);
    expect((await get(`/survey/user-survey/${body.id}/`)).status).toBe(404);
    expect((await post("/survey/is-ds01-right-for-you/survey-answers/", { id: body.id, answers: { goals: ["skin"] } }, { cookie: otherCookie })).status).toBe(404);
  });
});

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FOUND_US_SURVEY } from "../../../domain/found-us";
import { createApp } from "../../app";
import { dbOf } from "../../shop";
import { openTestShop, testDriver, type TestShop } from "../../testing/test-shop";
import { answerOrderSurvey, orderSurveyAnswered, orderSurveyCounts } from "./order-survey";

/** "How did you hear about Seed?" after paying (data-multiselect-experiment-checkout, ADR 0062): one answer per order. */
describe(`the thank-you page's multi-select question (${testDriver()})`, () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShop({ now: "2026-11-25T12:00:00Z" });
  });
  afterAll(() => shop.cleanup());
  const now = () => shop.clock.now();

  it("keeps several choices of one order, and only the first answer of that order", async () => {
    const order = { id: randomUUID(), customerId: null };
    expect(await orderSurveyAnswered(dbOf(shop), order.id)).toBe(false);
    expect(await answerOrderSurvey(dbOf(shop), FOUND_US_SURVEY, order, { found: ["friend", "podcast"] }, now())).toBe(true);
    expect(await answerOrderSurvey(dbOf(shop), FOUND_US_SURVEY, order, { found: ["search"] }, now())).toBe(false);
    expect(await orderSurveyAnswered(dbOf(shop), order.id)).toBe(true);
    const counts = await orderSurveyCounts(dbOf(shop), FOUND_US_SURVEY, "found");
    expect(counts).toEqual({ answers: 1, byOption: { friend: 1, podcast: 1 } });
  });

  it("refuses no choice, an unknown option and a repeated one, and stores nothing", async () => {
    const order = { id: randomUUID(), customerId: null };
    for (const bad of [{ found: [] }, {}, { found: ["tv"] }, { found: ["friend", "friend"] }, { other: ["friend"] }, "friend"]) {
      await expect(answerOrderSurvey(dbOf(shop), FOUND_US_SURVEY, order, bad, now())).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
    }
    expect(await orderSurveyAnswered(dbOf(shop), order.id)).toBe(false);
  });

  it("is not a public survey: the /survey calls neither show nor change an order's answer", async () => {
    const app = createApp(shop);
    const order = { id: randomUUID(), customerId: null };
    await answerOrderSurvey(dbOf(shop), FOUND_US_SURVEY, order, { found: ["social"] }, now());
    const json = { "content-type": "application/json" };
    expect((await app.request("/provider/survey/how-you-found-us/")).status).toBe(404);
    expect((await app.request(`/provider/survey/user-survey/${order.id}/`)).status).toBe(404);
    const change = await app.request("/provider/survey/how-you-found-us/survey-answers/", { method: "POST", headers: json, body: JSON.stringify({ id: order.id, answers: { found: ["other"] } }) });
    expect(change.status).toBe(404);
    const asQuiz = await app.request("/provider/survey/is-ds01-right-for-you/survey-answers/", { method: "POST", headers: json, body: JSON.stringify({ id: order.id, answers: { who: "me" } }) });
    expect(asQuiz.status).toBe(404);
    expect((await orderSurveyCounts(dbOf(shop), FOUND_US_SURVEY, "found")).byOption.other).toBeUndefined();
  });
});

import { eq, sql } from "drizzle-orm";
import { ShopError } from "../../../domain/errors";
import { checkAnswers, nextQuestionIndex, type SurveyDefinition } from "../../../domain/quiz";
import { surveyResponses } from "../../db/schema";
import type { Database } from "../../db/client";

/**
 * A question asked once per order after paying (the thank-you page's "How did you hear about Seed?", ADR 0062). The
 * order's id is the answer row's id, so the primary key keeps one answer per order however often the form is sent.
 * These rows never go through the public survey calls: their survey is not in the public registry (domain/quiz).
 */
export async function answerOrderSurvey(db: Database, survey: SurveyDefinition, order: { id: string; customerId: string | null }, input: unknown, now: Date): Promise<boolean> {
  const checked = checkAnswers(survey, input);
  if (!checked.ok) throw new ShopError("VALIDATION_ERROR", checked.message);
  if (nextQuestionIndex(survey, checked.answers) !== null) throw new ShopError("VALIDATION_ERROR", "Answer every question.");
  const stored = await db
    .insert(surveyResponses)
    .values({ id: order.id, surveyName: survey.name, customerId: order.customerId, answers: checked.answers, createdAt: now, updatedAt: now, completedAt: now })
    .onConflictDoNothing()
    .returning({ id: surveyResponses.id });
  return stored.length > 0;
}

export async function orderSurveyAnswered(db: Database, orderId: string): Promise<boolean> {
  const [row] = await db.select({ id: surveyResponses.id }).from(surveyResponses).where(eq(surveyResponses.id, orderId));
  return row !== undefined;
}

/** How many orders chose each option of one question (an order may choose several), for the console. */
export async function orderSurveyCounts(db: Database, survey: SurveyDefinition, questionId: string): Promise<{ answers: number; byOption: Record<string, number> }> {
  const rows = await db
    .select({ option: sql<string>`choice`, count: sql<number>`count(*)::int` })
    .from(sql`${surveyResponses}, jsonb_array_elements_text(${surveyResponses.answers} -> ${questionId}) as choice`)
    .where(eq(surveyResponses.surveyName, survey.name))
    .groupBy(sql`choice`);
  const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(surveyResponses).where(eq(surveyResponses.surveyName, survey.name));
  return { answers: total?.n ?? 0, byOption: Object.fromEntries(rows.map((r) => [r.option, r.count])) };
}

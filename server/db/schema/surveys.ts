import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Quiz answers (server/modules/surveys): one row per visitor's run through a survey, answered step by step. The id is
 * random and unguessable; a row started by a signed-in customer is readable by that customer only.
 */
export const surveyResponses = pgTable(
  "survey_responses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    surveyName: text("survey_name").notNull(),
    customerId: uuid("customer_id"),
    /** Question id -> chosen option ids. */
    answers: jsonb("answers").$type<Record<string, string[]>>().notNull(),
    email: text("email"),
    /** The recommended plan code once every question is answered. */
    recommendedPlan: text("recommended_plan"),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("survey_responses_customer").on(t.customerId)],
);

/**
 * The quiz "Is DS-01® right for you?" (SPEC.md sections 2, 7 and 9): a survey of the provider surface
 * (/survey/{name}/), answered one step at a time, ending in a recommended plan and the quiz promo code.
 * Zod-free and pure: the quiz page, the survey endpoints and the tests all read this file.
 */
import { QUIZ_PROMO_CODE } from "./promo";

export const QUIZ_SURVEY_NAME = "is-ds01-right-for-you";

export interface QuizOption {
  id: string;
  label: string;
  /** One line under the label, when the choice needs explaining. */
  hint?: string;
}

export interface QuizQuestion {
  id: string;
  title: string;
  help: string;
  kind: "single" | "multiple";
  options: QuizOption[];
}

export interface SurveyDefinition {
  name: string;
  title: string;
  intro: string;
  questions: QuizQuestion[];
}

export const DS01_QUIZ: SurveyDefinition = {
  name: QUIZ_SURVEY_NAME,
  title: "Is DS-01® right for you?",
  intro:
    "Six short questions about your gut and what you hope to change. At the end we suggest where to start, and your first month of DS-01® is 25% off.",
  questions: [
    {
      id: "who",
      title: "Who are you taking the quiz for?",
      help: "DS-01® is made for adults. Children have a formula of their own.",
      kind: "single",
      options: [
        { id: "me", label: "Myself, an adult" },
        { id: "child", label: "A child aged 3 to 17" },
      ],
    },
    {
      id: "goals",
      title: "What would you like your gut to help with?",
      help: "Choose as many as apply.",
      kind: "multiple",
      options: [
        { id: "regularity", label: "Regular, comfortable digestion" },
        { id: "bloating", label: "Less occasional bloating" },
        { id: "barrier", label: "A healthy gut lining", hint: "The barrier between your gut and the rest of you" },
        { id: "heart", label: "Heart health" },
        { id: "skin", label: "Skin health" },
        { id: "immune", label: "Everyday immune function" },
      ],
    },
    {
      id: "frequency",
      title: "How often does your gut feel off?",
      help: "Think of the last month: gas, bloating, irregular visits to the bathroom.",
      kind: "single",
      options: [
        { id: "rarely", label: "Rarely" },
        { id: "weekly", label: "A few times a week" },
        { id: "daily", label: "Most days" },
      ],
    },
    {
      id: "history",
      title: "Have you taken a probiotic before?",
      help: "Any brand, capsule, powder or yoghurt drink sold for its live cultures.",
      kind: "single",
      options: [
        { id: "never", label: "Never" },
        { id: "on-off", label: "On and off" },
        { id: "daily", label: "Yes, I take one every day now" },
      ],
    },
    {
      id: "pregnancy",
      title: "Are you pregnant or breastfeeding?",
      help: "We ask so we can tell you what to check first. Your answer stays with your quiz.",
      kind: "single",
      options: [
        { id: "no", label: "No" },
        { id: "yes", label: "Yes" },
        { id: "skip", label: "I'd rather not say" },
      ],
    },
    {
      id: "pace",
      title: "How would you like to start?",
      help: "Every plan ships free in the US, and you can skip or cancel from your account at any time.",
      kind: "single",
      options: [
        { id: "monthly", label: "Month by month", hint: "60 capsules every 30 days" },
        { id: "three", label: "Three months at a time", hint: "180 capsules every 90 days: save 10% forever" },
        { id: "six", label: "Six months at a time", hint: "360 capsules every 180 days: save 15% forever" },
      ],
    },
  ],
};

const SURVEYS: Record<string, SurveyDefinition> = { [QUIZ_SURVEY_NAME]: DS01_QUIZ };

export function surveyNamed(name: string): SurveyDefinition | null {
  return Object.hasOwn(SURVEYS, name) ? SURVEYS[name]! : null;
}

/** Answers: question id -> chosen option ids. */
export type SurveyAnswers = Record<string, string[]>;

export type AnswerCheck = { ok: true; answers: SurveyAnswers } | { ok: false; message: string };

/**
 * Checks answers against a survey: every question named must exist, each choice must be one of its options, a
 * single-choice question takes exactly one, a multiple-choice one at least one (no repeats). Partial sets are fine:
 * the quiz is answered a step at a time.
 */
export function checkAnswers(survey: SurveyDefinition, input: unknown): AnswerCheck {
  if (!input || typeof input !== "object" || Array.isArray(input)) return { ok: false, message: "answers must be an object of question ids to chosen options" };
  const answers: SurveyAnswers = {};
  for (const [questionId, raw] of Object.entries(input as Record<string, unknown>)) {
    const question = survey.questions.find((q) => q.id === questionId);
    if (!question) return { ok: false, message: `there is no question "${questionId.slice(0, 40)}"` };
    const chosen = typeof raw === "string" ? [raw] : raw;
    if (!Array.isArray(chosen) || !chosen.every((c): c is string => typeof c === "string")) return { ok: false, message: `${questionId}: choose one of the options` };
    if (chosen.length === 0) return { ok: false, message: `${question.id}: choose an option` };
    if (question.kind === "single" && chosen.length !== 1) return { ok: false, message: `${question.id}: choose exactly one option` };
    if (new Set(chosen).size !== chosen.length) return { ok: false, message: `${question.id}: an option is chosen twice` };
    for (const c of chosen) if (!question.options.some((o) => o.id === c)) return { ok: false, message: `${question.id}: "${c.slice(0, 40)}" is not one of the options` };
    answers[questionId] = chosen;
  }
  return { ok: true, answers };
}

/** The first question without an answer (its index), or null when all are answered. */
export function nextQuestionIndex(survey: SurveyDefinition, answers: SurveyAnswers): number | null {
  const i = survey.questions.findIndex((q) => !answers[q.id]?.length);
  return i === -1 ? null : i;
}

export interface QuizRecommendation {
  /** The plan code to put in the cart. */
  planCode: string;
  productName: string;
  headline: string;
  /** Why, in our words, from the answers. */
  reasons: string[];
  /** Said plainly before buying (pregnancy). */
  caution: string | null;
  /** The quiz promo code when it applies to this plan (DS-01 plans), else null. */
  promoCode: string | null;
}

const GOAL_REASONS: Record<string, string> = {
  regularity: "DS-01® has strains studied for regular, comfortable digestion, with a prebiotic that feeds them.",
  bloating: "Its strains were studied for relief of occasional bloating, usually noticed within the first weeks.",
  barrier: "It includes strains studied for the gut lining, the barrier between your gut and the rest of your body.",
  heart: "Some of its strains were studied for cholesterol metabolism, part of heart health.",
  skin: "Some of its strains were studied for skin health: your gut and your skin talk to each other.",
  immune: "Most of your immune system sits next to your gut; several strains were studied for everyday immune function.",
};

const PACE_PLAN: Record<string, string> = { monthly: "syn-wk", three: "syn-wk-3mo", six: "syn-wk-6mo" };

/** The plan the quiz suggests for complete answers. Pure: the same answers always give the same plan. */
export function recommend(answers: SurveyAnswers): QuizRecommendation {
  const first = (id: string) => answers[id]?.[0];
  if (first("who") === "child") {
    return {
      planCode: "pds-wk",
      productName: "PDS-08® Pediatric Daily Synbiotic",
      headline: "Start your child on PDS-08®, our synbiotic for ages 3 to 17",
      reasons: [
        "DS-01® is formulated for adults. PDS-08® has strains and amounts chosen for growing guts.",
        "It comes as a daily dose your child can take with food, and you can skip or cancel from your account at any time.",
      ],
      caution: "Check with your child's paediatrician first if they have a medical condition or take medication.",
      promoCode: null,
    };
  }
  const planCode = PACE_PLAN[first("pace") ?? "monthly"] ?? "syn-wk";
  const reasons = (answers.goals ?? []).map((g) => GOAL_REASONS[g]).filter((r): r is string => Boolean(r));
  const frequency = first("frequency");
  if (frequency === "daily" || frequency === "weekly") {
    reasons.push("If your gut feels off often, give it time: most members notice a change within two to four weeks of daily use.");
  }
  if (first("history") === "daily") reasons.push("DS-01® replaces the probiotic you take now; there is no need to take both.");
  if (first("history") === "never") reasons.push("New to probiotics? Some people notice a little gas in the first week or two while the gut adjusts.");
  return {
    planCode,
    productName: "DS-01® Daily Synbiotic",
    headline: "Yes: DS-01® fits what you told us",
    reasons,
    caution: first("pregnancy") === "yes" ? "As you are pregnant or breastfeeding, speak with your healthcare provider before you start." : null,
    promoCode: QUIZ_PROMO_CODE,
  };
}

/** Where the result's button goes: the cart with the plan in it and the quiz promo code applied (SPEC.md section 4). */
export function cartLinkFor(recommendation: Pick<QuizRecommendation, "planCode" | "promoCode">): string {
  const params = new URLSearchParams({ cart: recommendation.planCode });
  if (recommendation.promoCode) params.set("promo_code", recommendation.promoCode);
  return `/cart?${params.toString()}`;
}

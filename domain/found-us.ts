/**
 * "How did you hear about Seed?": the one question of the checkout's multi-select experiment
 * (data-multiselect-experiment-checkout, ADR 0062). Asked after paying, on the thank-you page, so it can never stand
 * between a shopper and the order; several answers may be true at once, so it is a multi-select. One answer per
 * order; it is not one of the public surveys of /survey/... (no visitor can read or change another order's answer).
 */
import type { SurveyDefinition } from "./quiz";

export const FOUND_US_SURVEY: SurveyDefinition = {
  name: "how-you-found-us",
  title: "How did you hear about Seed?",
  intro: "Choose all that apply. It helps us spend less on advertising and more on research.",
  questions: [
    {
      id: "found",
      title: "How did you hear about Seed?",
      help: "Choose all that apply.",
      kind: "multiple",
      options: [
        { id: "friend", label: "A friend or family member" },
        { id: "clinician", label: "A doctor, dietitian or pharmacist" },
        { id: "podcast", label: "A podcast" },
        { id: "social", label: "Instagram, TikTok or YouTube" },
        { id: "search", label: "Searching online" },
        { id: "article", label: "An article or review" },
        { id: "other", label: "Somewhere else" },
      ],
    },
  ],
};

/** The question's id: its answers are stored under it. */
export const FOUND_US_QUESTION = FOUND_US_SURVEY.questions[0]!;

/** Said once the answer is kept. */
export const FOUND_US_THANKS = "Thank you: that helps us reach more people like you.";

/** Said when Send is pressed with no box ticked. */
export const FOUND_US_NONE_CHOSEN = "Choose at least one answer.";

/** Surveys of the provider surface (/survey/...): the DS-01 quiz's answers, step by step, and its recommendation. */
export * from "./surveys";
export * from "./order-survey";

/** Renewals: each subscription's charge per billing period, its attempts, reminders, agreed prices, offers and credit. */
export * from "./emails/renewal-emails";
export * from "./prices";
export * from "./renewals";
export * from "./batch";
export * from "./retention-withdraw";
export * from "./stats";

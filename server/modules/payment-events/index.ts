/** Payment provider webhook events: stored once after their signature is checked, worked by a job. */
export * from "./events";

/** The practitioner, SeedUniversity and contact forms: stored, emailed to the team, acknowledged to the sender. */
export { FORMS_PER_HOUR, submitMailForm } from "./submit";

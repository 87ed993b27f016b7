/** The practitioner, SeedUniversity and contact forms: stored, emailed to the team, acknowledged to the sender. */
export { submitMailForm } from "./submit";

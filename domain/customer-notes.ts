import { z } from "./zod";

/** A staff note on a customer (issue 36): what care learnt or promised, in plain words; customer_notes allows 4000 characters. */
export const CustomerNoteSchema = z
  .string()
  .trim()
  .min(1, "Write the note first.")
  .max(4000, "A note holds at most 4000 characters; split a longer one.");

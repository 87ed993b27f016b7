import { desc, eq } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { customerNotes } from "../../db/schema";

export type CustomerNote = typeof customerNotes.$inferSelect;

/** The longest note the table accepts (customer_notes_body_check). */
export const MAX_NOTE_CHARS = 4000;

/** Staff notes on a customer, newest first. */
export async function notesOf(db: Queryable, customerId: string, limit = 100): Promise<CustomerNote[]> {
  return db.select().from(customerNotes).where(eq(customerNotes.customerId, customerId)).orderBy(desc(customerNotes.createdAt), desc(customerNotes.id)).limit(limit);
}

/** Adds a note in the caller's transaction (the console's audited action). Notes are never edited. */
export async function insertNote(db: Queryable, note: { customerId: string; body: string; staffId: string | null; staffEmail: string; now: Date }): Promise<CustomerNote> {
  const [row] = await db
    .insert(customerNotes)
    .values({ customerId: note.customerId, body: note.body, staffId: note.staffId, staffEmail: note.staffEmail, createdAt: note.now })
    .returning();
  return row!;
}

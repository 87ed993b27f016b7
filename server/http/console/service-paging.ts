/** A page of a keyset-paged list: the rows and the cursor of the next page (null on the last page). */
export interface Page<T> {
  rows: T[];
  next: string | null;
}

export function paged<T>(rows: T[], limit: number, cursorOf: (row: T) => string): Page<T> {
  return { rows, next: rows.length === limit ? cursorOf(rows[rows.length - 1]!) : null };
}

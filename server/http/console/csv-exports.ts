import type { Permission } from "../../../domain/console-access";
import type { EmailStatus } from "../../modules/email";

/**
 * The console's lists as CSV (issue 17: "CSV export of every list"). Each export reads the list the console shows, with
 * the same filters, in keyset pages of 200, capped at 200,000 rows, and is on the audit record (an export names
 * personal data). Orders keep the finance team's columns; the other lists give every plain field of their rows, dates
 * in ISO 8601 and amounts in minor units (cents), as the console's API does.
 */
export interface CsvPage {
  rows: object[];
  next: string | null;
}

/** The list methods of the console service an export reads through (each checks its own read permission). */
export interface ListReader {
  orders(input: { q?: string; before?: string; limit?: number }): Promise<CsvPage>;
  subscriptions(input: { q?: string; status?: string; before?: string; limit?: number }): Promise<CsvPage>;
  customers(input: { email?: string; before?: string; limit?: number }): Promise<CsvPage>;
  coupons(input: { after?: string; limit?: number }): Promise<CsvPage>;
  emails(input: { status?: EmailStatus; before?: string; limit?: number }): Promise<CsvPage>;
  audit(input: { before?: string; limit?: number }): Promise<CsvPage>;
}

export type CsvFilter = { q?: string; status?: string; email?: string };

interface CsvList {
  permission: Permission;
  read(lists: ListReader, filter: CsvFilter, cursor: string | undefined): Promise<CsvPage>;
  /** Fixed columns; without them, every plain field of the rows in the order the first row has them. */
  columns?: [header: string, cell: (row: Record<string, unknown>) => unknown][];
}

const PAGE = 200;

export const CSV_LISTS = {
  orders: {
    permission: "orders.export",
    read: (lists, f, before) => lists.orders({ q: f.q, before, limit: PAGE }),
    columns: [
      ["number", (o) => o.number],
      ["placed_at", (o) => o.createdAt],
      ["email", (o) => o.email],
      ["status", (o) => o.status],
      ["currency", (o) => o.currency],
      ["total", (o) => (Number(o.total) / 100).toFixed(2)],
    ],
  },
  subscriptions: { permission: "subscriptions.export", read: (lists, f, before) => lists.subscriptions({ q: f.q, status: f.status, before, limit: PAGE }) },
  customers: { permission: "customers.export", read: (lists, f, before) => lists.customers({ email: f.email, before, limit: PAGE }) },
  coupons: { permission: "coupons.export", read: (lists, _f, after) => lists.coupons({ after, limit: PAGE }) },
  emails: { permission: "emails.export", read: (lists, f, before) => lists.emails({ status: f.status as EmailStatus | undefined, before, limit: PAGE }) },
  audit: { permission: "audit.export", read: (lists, _f, before) => lists.audit({ before, limit: PAGE }) },
} as const satisfies Record<string, CsvList>;

export type CsvListName = keyof typeof CSV_LISTS;
export const CSV_LIST_NAMES = Object.keys(CSV_LISTS) as CsvListName[];

const MAX_ROWS = 200_000;

/** A CSV field: quoted when it holds a comma, quote or line break; a leading =, +, - or @ is defused for spreadsheets. */
export function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? "" : value instanceof Date ? value.toISOString() : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const isPlain = (value: unknown) => value === null || value instanceof Date || ["string", "number", "boolean"].includes(typeof value);

/** Reads the whole list page by page and writes it as CSV (CRLF line ends, as RFC 4180 has them). */
export async function listAsCsv(lists: ListReader, name: CsvListName, filter: CsvFilter): Promise<{ csv: string; rows: number }> {
  const list: CsvList = CSV_LISTS[name];
  let columns = list.columns;
  const lines: string[] = [];
  let cursor: string | undefined;
  let rows = 0;
  do {
    const page = await list.read(lists, filter, cursor);
    for (const raw of page.rows) {
      const row = raw as Record<string, unknown>;
      columns ??= Object.keys(row)
        .filter((key) => isPlain(row[key]))
        .map((key) => [key, (r) => r[key]]);
      lines.push(columns.map(([, cell]) => csvCell(cell(row))).join(","));
    }
    rows += page.rows.length;
    cursor = page.next ?? undefined;
  } while (cursor && rows < MAX_ROWS);
  const header = (columns ?? []).map(([h]) => csvCell(h)).join(",");
  return { csv: `${[header, ...lines].join("\r\n")}\r\n`, rows };
}

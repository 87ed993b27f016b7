import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDriver } from "../testing/test-shop";
import { withNamedStatements } from "./pglite-named-statements";

// PGlite only: the wrapper is PGlite's (ADR 0054); the PostgreSQL project has nothing to run here.
describe.runIf(testDriver() === "pglite")("PGlite with statements parsed once under names", () => {
  let client: PGlite;
  let named: PGlite;

  beforeAll(async () => {
    client = await PGlite.create();
    named = withNamedStatements(client, 3);
    await client.exec(`
      create table items (id serial primary key, code text unique not null, price numeric(10, 2), tags text[],
        meta jsonb, seen_at timestamptz, active boolean, qty int);
    `);
  });
  afterAll(() => client.close());

  /** The named statements this connection holds: what PostgreSQL itself says. */
  async function namedCount(): Promise<number> {
    const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from pg_prepared_statements where name like 'pglite_named_%'`);
    return rows[0]!.n;
  }

  const insert = `insert into items (code, price, tags, meta, seen_at, active, qty) values ($1, $2, $3, $4, $5, $6, $7) returning *`;
  const values = (code: string) => [code, "12.50", ["a", "Zoë’s — 😀"], { kind: "naïve café ✓" }, new Date("2026-11-29T05:00:00Z"), true, 3];

  it("answers exactly as PGlite's own query: the same rows, types, fields and counts, in object and array modes", async () => {
    const own = await client.query(insert, values("own-1"));
    const ours = await named.query(insert, values("named-1"));
    const strip = (r: typeof own) => ({ ...r, rows: r.rows.map((row) => ({ ...(row as object), id: 0, code: "" })) });
    expect(strip(ours)).toEqual(strip(own));

    const arrayMode = { rowMode: "array" as const, parsers: { 1184: (v: string) => `raw:${v}` } };
    const select = `select code, price, seen_at, meta from items where code = $1`;
    expect((await named.query(select, ["own-1"], arrayMode)).rows).toEqual((await client.query(select, ["own-1"], arrayMode)).rows);
    const update = `update items set qty = qty + $1 where active = $2`;
    expect(await named.query(update, [1, true])).toEqual(await client.query(update, [1, true]));
  });

  it("parses a text once and runs it again from the name; a null and a missing value are sent as null", async () => {
    const before = await namedCount();
    const text = `select count(*)::int as n from items where qty > $1 or $2::text is null`;
    for (let i = 0; i < 20; i++) await named.query(text, [i, null]);
    const { rows } = await named.query<{ n: number }>(text, [0, undefined]);
    expect(rows[0]!.n).toBe(2);
    expect(await namedCount()).toBe(Math.min(before + 1, 3));
  });

  it("keeps only the most recently used texts named and closes the rest", async () => {
    for (let i = 0; i < 6; i++) await named.query(`select $1::int + ${i} as n`, [i]);
    expect(await namedCount()).toBe(3);
  });

  it("raises PostgreSQL's error with the statement on it, and the connection goes on", async () => {
    const failure = await named.query(insert, values("named-1")).catch((e: unknown) => e);
    expect(failure).toMatchObject({ code: "23505", constraint: "items_code_key", query: insert });
    const syntax = await named.query(`selec $1`, [1]).catch((e: unknown) => e);
    expect(syntax).toMatchObject({ code: "42601" });
    expect((await named.query(`select $1::int as one`, [1])).rows).toEqual([{ one: 1 }]);
  });

  it("a table altered under a named statement is parsed again, not refused", async () => {
    const all = `select * from items where code = $1`;
    await named.query(all, ["own-1"]);
    await client.exec(`alter table items add column note text default 'new'`);
    const { rows } = await named.query<{ note: string }>(all, ["own-1"]);
    expect(rows[0]!.note).toBe("new");
  });

  it("waits for a transaction in progress instead of running inside it", async () => {
    let inserted!: () => void;
    let release!: () => void;
    const insertDone = new Promise<void>((resolve) => (inserted = resolve));
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = client.transaction(async (tx) => {
      await tx.query(`insert into items (code) values ('in-tx')`);
      inserted();
      await held;
      await tx.rollback();
    });
    await insertDone;
    const outside = named.query<{ n: number }>(`select count(*)::int as n from items where code = $1`, ["in-tx"]);
    await new Promise((resolve) => setTimeout(resolve, 20)); // time for the query to run inside, were it not held
    release();
    await transaction;
    expect((await outside).rows[0]!.n).toBe(0);
  });
});

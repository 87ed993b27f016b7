#!/usr/bin/env node
// `node bench/customer-search.mjs`: the console's customer search on 100,000 customers (PostgreSQL and PGlite), the same
// as `npm run bench -- --only=customers`. Options: --postgres URL, --customers 100000, --pglite-customers 100000, --runs 50.
import { parseArgs } from "node:util";
import { CUSTOMER_SEARCH_HEADER, CUSTOMER_SEARCH_TARGET_MS, customerSearchRows, measureCustomerSearch } from "./lib/customer-search.mjs";
import { markdownTable, textTable } from "./lib/util.mjs";

const { values: opts } = parseArgs({
  options: {
    postgres: { type: "string", default: process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test" },
    customers: { type: "string", default: "100000" },
    "pglite-customers": { type: "string", default: "100000" },
    runs: { type: "string", default: "50" },
  },
});
const ROOT = new URL("..", import.meta.url).pathname;
const result = await measureCustomerSearch(ROOT, { postgres: opts.postgres, customers: Number(opts.customers), pgliteCustomers: Number(opts["pglite-customers"]), runs: Number(opts.runs) });
const rows = customerSearchRows(result);
console.log(textTable(CUSTOMER_SEARCH_HEADER, rows, [2, 3, 4, 5]));
console.log(`\nGoal: p95 under ${CUSTOMER_SEARCH_TARGET_MS} ms. PostgreSQL's plan for "lindq" uses customers_search_trgm_idx: ${result.postgres?.usesTrigramIndex ? "yes" : "no"}.`);
console.log(`${opts.runs} searches each, sequential, ${new Date().toISOString().slice(0, 10)}\n`);
console.log(markdownTable(CUSTOMER_SEARCH_HEADER, rows, [2, 3, 4, 5]));
if (rows.some((r) => r[1] === "failed")) process.exitCode = 1;

// Measures where an embedded shop's memory goes: RSS and PGlite's WebAssembly memory after opening, migrating, seeding.
// Usage: npx tsx scripts/memory-probe.ts <dataDir>   (PROBE_CONF='shared_buffers=16MB,...' to try settings)
import { readFileSync } from "node:fs";
import { openDatabase } from "../server/db/client";
import { migrate } from "../server/db/migrate";
import { seed } from "../server/db/seed";
import { createLogger } from "../server/lib/logger";
import { systemClock } from "../server/lib/clock";

const mib = (n: number) => (n / 1048576).toFixed(0);
function report(phase: string, handle: any) {
  const status = readFileSync("/proc/self/status", "utf8");
  const rss = /VmRSS:\s+(\d+)/.exec(status)![1]!;
  const hwm = /VmHWM:\s+(\d+)/.exec(status)![1]!;
  const wasm = handle?.wasmMemoryBytes?.() ?? 0;
  const heap = process.memoryUsage();
  console.log(`${phase.padEnd(10)} rss ${(+rss / 1024).toFixed(0)} MiB  hwm ${(+hwm / 1024).toFixed(0)} MiB  wasm ${mib(wasm)} MiB  jsHeap ${mib(heap.heapUsed)} MiB  external ${mib(heap.external)} MiB  arrayBuffers ${mib(heap.arrayBuffers)} MiB`);
}
const dataDir = process.argv[2]!;
report("node", null);
const handle = await openDatabase({ dataDir });
report("opened", handle);
await migrate(handle);
report("migrated", handle);
const shop: any = { env: {}, database: handle, clock: systemClock, log: createLogger("warn") };
await seed(shop);
report("seeded", handle);
(globalThis as any).gc?.();
report("gc", handle);
const sb = await handle.executeSql("show shared_buffers");
console.log("shared_buffers", sb.rows[0]);
await handle.close();

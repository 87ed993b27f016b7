// Small helpers shared by the benchmark steps.
import { gzipSync, constants } from "node:zlib";
import net from "node:net";

/** gzip size in bytes at level 9, the way the JavaScript-weight figures are defined. */
export function gzipSize(buffer) {
  return gzipSync(buffer, { level: constants.Z_BEST_COMPRESSION }).length;
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Nearest-rank percentile of an ascending-sorted array. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** True when nothing listens on 127.0.0.1:port and we may bind it. */
export function portIsFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen({ port, host: "127.0.0.1", exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** The first free port in [from, to] on 127.0.0.1, skipping the ones in `taken`. */
export async function findFreePort(from, to, taken = []) {
  for (let port = from; port <= to; port++) {
    if (taken.includes(port)) continue;
    if (await portIsFree(port)) return port;
  }
  throw new Error(`No free port on 127.0.0.1 between ${from} and ${to}`);
}

export function kb(bytes) {
  return (bytes / 1024).toFixed(1);
}

export function fmt(n, digits = 0) {
  return Number.isFinite(n) ? n.toFixed(digits) : "n/a";
}

/** Renders rows (arrays of strings) as an aligned plain-text table. */
export function textTable(header, rows, rightAlign = []) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) =>
    cells
      .map((c, i) => (rightAlign.includes(i) ? String(c).padStart(widths[i]) : String(c).padEnd(widths[i])))
      .join("  ");
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

/** Renders rows as a Markdown table. */
export function markdownTable(header, rows, rightAlign = []) {
  const sep = header.map((_, i) => (rightAlign.includes(i) ? "---:" : "---"));
  return [header, sep, ...rows].map((r) => `| ${r.join(" | ")} |`).join("\n");
}

import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/**
 * A local HTTP receiver standing in for an analytics service (Segment's tracking API or PostHog's capture API):
 * records every request and answers 200, or `failNext` times the status given before it. A request `holdWhen` picks
 * is recorded and never answered (a destination that hangs while a worker is killed); `held()` resolves on the next.
 */
export async function startAnalyticsReceiver(port = 0) {
  const received: ReceivedRequest[] = [];
  const state = { failNext: 0, failStatus: 503, holdWhen: null as ((body: unknown) => boolean) | null };
  let onHold: (() => void) | null = null;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      let body: unknown = null;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        body = Buffer.concat(chunks).toString("utf8");
      }
      received.push({ method: req.method ?? "", path: req.url ?? "", headers: req.headers, body });
      if (state.holdWhen?.(body)) {
        state.holdWhen = null;
        onHold?.();
        return;
      }
      if (state.failNext > 0) {
        state.failNext--;
        res.writeHead(state.failStatus, { "content-type": "application/json" }).end('{"error":"unavailable"}');
        return;
      }
      res.writeHead(200, { "content-type": "application/json" }).end('{"success":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const held = () => new Promise<void>((resolve) => (onHold = resolve));
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { url, received, state, held, close };
}

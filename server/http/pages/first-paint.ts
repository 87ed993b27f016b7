import { deferRouteModules, takeModulePreloads } from "./deferred-scripts";
import { inlineStylesheets, type StylesheetReader } from "./inline-styles";

/*
 * What stands between a page's HTML and its first paint, rewritten on the way out (issue 14):
 * stylesheets inlined (./inline-styles.ts) and the JavaScript started after the paint (./deferred-scripts.ts).
 *
 * Works on the stream: the bytes are held until React Router's route-modules script has gone by (the end of the
 * shell React renders at once), rewritten, and the rest (late Suspense chunks) streams through untouched.
 */

const HEAD_END = "</head>";
/** The end of React Router's route-modules script: its marker, then the script's end. */
const MODULES_MARKER = "window.__reactRouterRouteModules";
const SCRIPT_END = "</script>";
/** A shell larger than this is not one of our pages: let it through as it is. */
const MAX_HELD_BYTES = 2 * 1024 * 1024;

/** The shell (head and body up to the route-modules script) rewritten; `html` must hold all of it. */
export function rewriteShell(html: string, read: StylesheetReader): string {
  const headEnd = html.indexOf(HEAD_END);
  if (headEnd === -1) return html;
  const styled = inlineStylesheets(html.slice(0, headEnd), read);
  const body = html.slice(headEnd);
  if (!body.includes(MODULES_MARKER)) return styled + body;
  const { head, hrefs } = takeModulePreloads(styled);
  const deferred = deferRouteModules(body, hrefs);
  // Should the script not be recognised, the preload links stay where they were.
  return deferred === body ? styled + body : head + deferred;
}

/** An HTML response rewritten for a fast first paint; anything else is returned as it is. */
export function withFastFirstPaint(response: Response, read: StylesheetReader): Response {
  if (!response.body || !(response.headers.get("Content-Type") ?? "").startsWith("text/html")) return response;
  let held: Buffer | null = Buffer.alloc(0);
  const release = (controller: TransformStreamDefaultController<Uint8Array>) => {
    if (!held) return;
    // Every cut is just after "</script>" or at the end of the stream: whole characters only.
    controller.enqueue(new Uint8Array(Buffer.from(rewriteShell(held.toString("utf8"), read), "utf8")));
    held = null;
  };
  const transform = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      if (held === null) return controller.enqueue(chunk);
      held = Buffer.concat([held, chunk]);
      const marker = held.indexOf(MODULES_MARKER);
      const end = marker === -1 ? -1 : held.indexOf(SCRIPT_END, marker);
      if (end !== -1) {
        const cut = end + SCRIPT_END.length;
        const rest = held.subarray(cut);
        held = held.subarray(0, cut);
        release(controller);
        if (rest.length) controller.enqueue(new Uint8Array(rest));
      } else if (held.length > MAX_HELD_BYTES) {
        controller.enqueue(new Uint8Array(held));
        held = null;
      }
    },
    flush(controller) {
      release(controller);
    },
  });
  const headers = new Headers(response.headers);
  headers.delete("Content-Length");
  return new Response(response.body.pipeThrough(transform), { status: response.status, statusText: response.statusText, headers });
}

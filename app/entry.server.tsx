import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type AppLoadContext, type EntryContext } from "react-router";
import { ServerMarkupSections } from "./components/ui/ServerRendered";

export const streamTimeout = 5_000;

/** Streams the page; bots and SPA-mode get the whole document at once. The CSP nonce comes from the server. */
export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext?.nonce || undefined;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const waitForAll = isbot(request.headers.get("user-agent") ?? "") || routerContext.isSpaMode;
    // Sections the loaders rendered as markup for this document (ADR 0077): drawn once, as HTML, never sent as data.
    const page = (
      <ServerMarkupSections.Provider value={loadContext?.serverMarkup?.sections ?? null}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </ServerMarkupSections.Provider>
    );
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      [waitForAll ? "onAllReady" : "onShellReady"]() {
        shellRendered = true;
        const body = new PassThrough();
        headers.set("Content-Type", "text/html; charset=utf-8");
        resolve(new Response(createReadableStreamFromReadable(body), { headers, status }));
        pipe(body);
      },
      onShellError: reject,
      onError(error: unknown) {
        status = 500;
        if (shellRendered) console.error(error);
      },
    });
    setTimeout(abort, streamTimeout + 1000);
  });
}

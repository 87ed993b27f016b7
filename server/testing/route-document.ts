import type { DocumentHandler } from "../http/pages/document";

/** A page route module as the test runs it: its loader and action, with the real load context. */
export type RouteModule = { loader?: (args: never) => unknown; action?: (args: never) => unknown };

/**
 * A stand-in for React Router that runs the named pages' loaders and actions with the real load context and answers
 * what they return as JSON, with the status and headers they set (a Response they throw, such as a redirect, as it is): server tests do not render React (the e2e tests
 * render the pages in Chromium). Unlike React Router it sends an action's headers as they are; the real app sends them
 * only through the route's `headers` export, which tests/e2e/rate-limit.spec.ts checks for the forms' Retry-After.
 */
export function routeDocument(modules: Record<string, RouteModule>): DocumentHandler {
  return async (request, context) => {
    const mod = modules[new URL(request.url).pathname];
    const run = request.method === "POST" ? mod?.action : mod?.loader;
    if (!run) return new Response("not found", { status: 404 });
    let result: unknown;
    try {
      result = await run({ request, context, params: {} } as never);
    } catch (thrown) {
      if (thrown instanceof Response) return thrown; // a redirect (or an error page's status) thrown by the route
      throw thrown;
    }
    const wrapped = result as { type?: string; data?: unknown; init?: ResponseInit | null };
    const body = wrapped?.type === "DataWithResponseInit" ? wrapped.data : result;
    const headers = new Headers(wrapped?.init?.headers);
    headers.set("content-type", "application/json");
    return new Response(JSON.stringify(body), { status: wrapped?.init?.status ?? 200, headers });
  };
}

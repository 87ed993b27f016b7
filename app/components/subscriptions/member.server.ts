import { redirect } from "react-router";
import { errorCodeOf, type ShopError } from "../../../domain/errors";
import { loginPath } from "../../../domain/portal-routes";
import type { ShellViewer } from "../../../server/http/context";
import { requireViewer } from "../../lib/require-viewer";

/**
 * Account pages: a signed-out visitor goes to sign in and comes back to the same page. The accounts area's shared
 * helper does it; this name stays for the portal's loaders. Server-only (.server.ts).
 */
export function requireMember(context: { viewer: ShellViewer }, request: Request): void {
  requireViewer(context, request);
}

/** Runs a portal call for a form: a ShopError becomes words for the page (4xx), a lost session goes to sign in. */
export async function formResult<T>(request: Request, run: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: string; status: number }> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    if (errorCodeOf(error)) {
      const e = error as ShopError;
      if (e.code === "UNAUTHENTICATED") throw redirect(loginPath(new URL(request.url).pathname));
      return { ok: false, error: e.message, status: e.status ?? 400 };
    }
    throw error;
  }
}

/** A page for someone else's (or no) subscription or order: a plain 404, saying nothing about whose it is. */
export function notFoundUnlessOwn(error: unknown): never {
  const code = errorCodeOf(error);
  if (code === "NOT_FOUND" || code === "PLAN_NOT_FOUND" || code === "VALIDATION_ERROR") throw new Response("Not found", { status: 404 });
  throw error;
}

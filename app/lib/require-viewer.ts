import { redirect } from "react-router";
import type { ShellViewer } from "../../server/http/context";
import { ROUTES } from "../../domain/routes";
import { safeReturnPath } from "../../domain/safe-return";

/** The query parameter that carries the page a signed-out visitor asked for through /login and back. */
export const RETURN_TO_PARAM = "redirectTo";

/**
 * For loaders and actions of /account/* pages: the signed-in viewer, or a redirect to /login that brings the
 * visitor back to the same page (path, query and all) after signing in.
 */
export function requireViewer(context: { viewer: ShellViewer }, request: Request): ShellViewer & { signedIn: true; email: string } {
  const viewer = context.viewer;
  if (viewer.signedIn && viewer.email) return viewer as ShellViewer & { signedIn: true; email: string };
  const url = new URL(request.url);
  const back = url.pathname.replace(/\.data$/, "") + url.search;
  throw redirect(`${ROUTES.login}?${new URLSearchParams({ [RETURN_TO_PARAM]: back })}`, { headers: { "Cache-Control": "private, no-store" } });
}

/** Where to go after signing in: only a path on this site (domain/safe-return.ts), else the fallback. */
export function safeReturnTo(value: string | null | undefined, fallback: string = ROUTES.member_homepage): string {
  return safeReturnPath(value, fallback);
}

import { data, redirect } from "react-router";
import { isErrorCode } from "../../../domain/errors";

/** A ShopError seen from a route module (the server bundle has its own copy of the class, so no instanceof). */
function shopErrorOf(error: unknown): { code: string; status: number; message: string } | null {
  const e = error as { code?: unknown; status?: unknown; message?: unknown } | null;
  return e && isErrorCode(e.code) && typeof e.status === "number" && typeof e.message === "string" ? (e as { code: string; status: number; message: string }) : null;
}

/** Runs a console read: signed out goes to the sign-in page, other refusals become that status with their words. */
export async function consoleLoad<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const shopError = shopErrorOf(error);
    if (!shopError) throw error;
    if (shopError.code === "UNAUTHENTICATED") throw redirect("/console/sign-in");
    throw data({ message: shopError.message }, { status: shopError.status });
  }
}

export type ActionResult = { ok: true; message: string } | { ok: false; error: string };

/**
 * Runs a console form action: a refusal comes back as words to show beside the form, with its status. A lapsed
 * session goes to the sign-in page, except on the sign-in and setup pages themselves (`signInPage`), where a refusal
 * is the answer to show.
 */
export async function consoleAct(run: () => Promise<string | Response>, options: { signInPage?: boolean } = {}) {
  try {
    const outcome = await run();
    if (outcome instanceof Response) return outcome;
    return { ok: true, message: outcome } satisfies ActionResult;
  } catch (error) {
    const shopError = shopErrorOf(error);
    if (!shopError) throw error;
    if (shopError.code === "UNAUTHENTICATED" && !options.signInPage) throw redirect("/console/sign-in");
    return data({ ok: false, error: shopError.message } satisfies ActionResult, { status: shopError.status });
  }
}

export const formFields = async (request: Request): Promise<Record<string, string>> =>
  Object.fromEntries([...(await request.formData()).entries()].map(([k, v]) => [k, typeof v === "string" ? v : ""]));

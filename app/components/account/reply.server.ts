import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import type { z } from "zod";
import type { AccountResult } from "../../../server/http/context";
import type { FormReply } from "./use-account-form";

/**
 * The actions' side of an account form: parse with the form's schema, run one account call, answer the form
 * (errors or a notice) or redirect with the session cookie. Passwords are never sent back to the page.
 */
export async function handleForm<S extends z.ZodType, T>(
  intent: string,
  formData: FormData,
  schema: S,
  run: (value: z.output<S>) => Promise<AccountResult<T>>,
  done: (value: T) => { redirectTo: string } | { notice: string },
): Promise<FormReply> {
  const submission = parseWithZod(formData, { schema });
  const hideFields = ["password", "currentPassword", "code"];
  if (submission.status !== "success") return { intent, result: submission.reply({ hideFields }) };
  const result = await run(submission.value as z.output<S>);
  if (!result.ok) return { intent, result: submission.reply({ formErrors: [result.error.message], hideFields }) };
  const next = done(result.value);
  if ("redirectTo" in next) {
    throw redirect(next.redirectTo, { headers: result.setCookie ? { "Set-Cookie": result.setCookie, "Cache-Control": "no-store" } : {} });
  }
  return { intent, result: submission.reply({ hideFields }), notice: next.notice };
}

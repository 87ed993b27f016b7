import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useState } from "react";
import { useNavigation } from "react-router";
import type { z } from "zod";

/** The fields a form schema names (conform types its field metadata by them). */
type FormShape<S extends z.ZodType> = z.input<S> extends Record<string, unknown> ? z.input<S> : Record<string, unknown>;

/** What an account page's action answers for one of its forms. */
export interface FormReply {
  intent: string;
  result: SubmissionResult<string[]>;
  /** Words to show on success (the email is on its way...). */
  notice?: string;
}

/**
 * One conform form of an account page: validated in the browser with the same zod schema the server parses with,
 * posted as a plain form before JavaScript loads. The form-level error (the server's answer) clears as soon as the
 * shopper changes a field (SPEC.md section 4); `busy` is the loading flag while the form is being sent.
 */
export function useAccountForm<S extends z.ZodType>(intent: string, schema: S, reply: FormReply | undefined, defaultValue?: Record<string, string>) {
  const mine = reply?.intent === intent ? reply : undefined;
  const [form, fields] = useForm<FormShape<S>>({
    id: intent,
    lastResult: mine?.result,
    defaultValue: defaultValue as never,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }) as never,
  });
  const [changedSinceReply, setChanged] = useState(false);
  useEffect(() => setChanged(false), [mine]);
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const formError = changedSinceReply ? undefined : form.errors?.[0];
  const notice = changedSinceReply ? undefined : mine?.notice;
  return { form, fields, busy, formError, notice, onChange: () => setChanged(true) };
}

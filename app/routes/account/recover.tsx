import { getFormProps } from "@conform-to/react";
import { Form, Link, useActionData } from "react-router";
import { EmailOnlySchema, NewPasswordSchema } from "../../../domain/accounts";
import { ROUTES } from "../../../domain/routes";
import { FormAlert, FormField } from "../../components/account/FormField";
import { handleForm } from "../../components/account/reply.server";
import { useAccountForm, type FormReply } from "../../components/account/use-account-form";
import type { Route } from "./+types/recover";
import "../../components/account/account.css";

/**
 * /recover: "Forgot password?" and "Don't have a password?" ask for the email; the link in it comes back here with
 * ?token=&kind=reset|set to choose the new password.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const kind = url.searchParams.get("kind") === "set" ? ("set" as const) : ("reset" as const);
  const token = url.searchParams.get("token");
  const validToken = token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : null;
  const live = validToken ? await context.accounts.linkIsLive(kind, validToken) : false;
  return { kind, token: validToken, live, hadToken: token !== null };
}

export const meta: Route.MetaFunction = () => [{ title: "Recover your account | Seed" }, { name: "robots", content: "noindex" }];

export async function action({ context, request }: Route.ActionArgs): Promise<FormReply> {
  const formData = await request.formData();
  const intent = String(formData.get("intent"));
  if (intent === "new-password") {
    const kind = formData.get("kind") === "set" ? "set" : "reset";
    return handleForm(intent, formData, NewPasswordSchema, (v) => context.accounts.setPassword(kind, v), () => ({ redirectTo: ROUTES.member_homepage }));
  }
  return handleForm("request", formData, EmailOnlySchema, (v) => context.accounts.requestPasswordEmail(v), (kind) => ({
    notice:
      kind === "reset"
        ? "Check your email: we sent you a link to reset your password. It works for 1 hour."
        : "Check your email: we sent you a link to set your password. It works for 24 hours.",
  }));
}

function NewPassword({ token, kind, reply }: { token: string; kind: "reset" | "set"; reply?: FormReply }) {
  const { form, fields, busy, formError, onChange } = useAccountForm("new-password", NewPasswordSchema, reply);
  return (
    <section className="auth-card" aria-labelledby="new-password-title">
      <h2 id="new-password-title">{kind === "set" ? "Set your password" : "Choose a new password"}</h2>
      <Form method="post" {...getFormProps(form)} className="auth-form" onChange={onChange}>
        <input type="hidden" name="intent" value="new-password" />
        <input type="hidden" name="kind" value={kind} />
        <input type="hidden" name="token" value={token} />
        <FormAlert kind="error">{formError}</FormAlert>
        <FormField field={fields.password} label="New password" type="password" autoComplete="new-password" hint="At least 6 characters. You will be signed out on every other device." />
        <button type="submit" className="button" aria-busy={busy || undefined} disabled={busy}>
          {busy ? "Saving…" : kind === "set" ? "Set password and sign in" : "Save password and sign in"}
        </button>
      </Form>
    </section>
  );
}

function RequestLink({ kind, reply }: { kind: "reset" | "set"; reply?: FormReply }) {
  const { form, fields, busy, formError, notice, onChange } = useAccountForm("request", EmailOnlySchema, reply);
  return (
    <section className="auth-card" aria-labelledby="request-title">
      <h2 id="request-title">{kind === "set" ? "Don't have a password?" : "Forgot password?"}</h2>
      <p className="field-hint">
        {kind === "set"
          ? "Bought as a guest? Enter the email you used at checkout and we will send you a link to set a password."
          : "Enter your account's email and we will send you a link to choose a new password."}
      </p>
      <Form method="post" {...getFormProps(form)} className="auth-form auth-form--spaced" onChange={onChange}>
        <input type="hidden" name="intent" value="request" />
        <FormAlert kind="error">{formError}</FormAlert>
        <FormAlert kind="success">{notice}</FormAlert>
        <FormField field={fields.email} label="Email" type="email" autoComplete="email" />
        <button type="submit" className="button" aria-busy={busy || undefined} disabled={busy}>
          {busy ? "Sending…" : "Email me a link"}
        </button>
      </Form>
      <div className="auth-links">
        <Link to={ROUTES.login}>Back to Sign In</Link>
      </div>
    </section>
  );
}

export default function RecoverPage({ loaderData }: Route.ComponentProps) {
  const reply = useActionData<typeof action>();
  const { kind, token, live, hadToken } = loaderData;
  return (
    <main id="main" className="auth-page">
      <p className="auth-eyebrow">Your Account</p>
      <h1 className="page-title">{kind === "set" ? "Set your password" : "Reset your password"}</h1>
      <p className="auth-lead">Hi, kindly tell us who you are.</p>
      {hadToken && !live && <FormAlert kind="error">This link has expired or was already used. Please ask for a new one below.</FormAlert>}
      {token && live ? <NewPassword token={token} kind={kind} reply={reply} /> : <RequestLink kind={kind} reply={reply} />}
    </main>
  );
}

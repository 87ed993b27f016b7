import { getFormProps, getInputProps } from "@conform-to/react";
import { Form, Link, redirect, useActionData } from "react-router";
import { z } from "../../../domain/zod";
import { CodeSignInSchema, EmailOnlySchema, LinkTokenSchema, SignInSchema } from "../../../domain/accounts";
import { ERROR_CATALOGUE, isErrorCode } from "../../../domain/errors";
import { ROUTES } from "../../../domain/routes";
import { FormAlert, FormField } from "../../components/account/FormField";
import { handleForm } from "../../components/account/reply.server";
import { useAccountForm, type FormReply } from "../../components/account/use-account-form";
import { RETURN_TO_PARAM, safeReturnTo } from "../../lib/require-viewer";
import type { Route } from "./+types/login";
import "../../components/account/account.css";

const PasswordlessSchema = EmailOnlySchema.extend({ via: z.enum(["link", "code"]) });

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const link = (name: string) => {
    const token = url.searchParams.get(name);
    return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : null;
  };
  const [magic, identity] = [link("magic"), link("identity")];
  const redirectTo = safeReturnTo(url.searchParams.get(RETURN_TO_PARAM));
  if (context.viewer.signedIn && !magic && !identity) throw redirect(redirectTo);
  return {
    redirectTo,
    magic,
    identity,
    verified: url.searchParams.get("verified"),
    social: socialOutcome(url.searchParams.get("social")),
    providers: context.accounts.socialProviders,
  };
}

/** What a social sign-in that came back here says: the catalogue's words for its code, never text from the URL. */
function socialOutcome(code: string | null): { kind: "error" | "info"; message: string } | null {
  if (!code) return null;
  if (code === "SOCIAL_EMAIL_UNCONFIRMED") return { kind: "info", message: ERROR_CATALOGUE.SOCIAL_EMAIL_UNCONFIRMED.message };
  if (code === "cancelled") return { kind: "error", message: "Sign-in was cancelled or did not finish. Please try again." };
  return { kind: "error", message: isErrorCode(code) ? ERROR_CATALOGUE[code].message : ERROR_CATALOGUE.SOCIAL_SIGN_IN_FAILED.message };
}

export const meta: Route.MetaFunction = () => [{ title: "Sign In | Seed" }, { name: "robots", content: "noindex" }];

export async function action({ context, request }: Route.ActionArgs): Promise<FormReply> {
  const formData = await request.formData();
  const intent = String(formData.get("intent"));
  const back = (v: { redirectTo?: string }) => ({ redirectTo: safeReturnTo(v.redirectTo) });
  const { accounts } = context;
  switch (intent) {
    case "password":
      return handleForm(intent, formData, SignInSchema, (v) => accounts.signIn(v), () => back({ redirectTo: String(formData.get("redirectTo") ?? "") }));
    case "passwordless":
      return handleForm(
        intent,
        formData,
        PasswordlessSchema,
        (v) => (v.via === "link" ? accounts.sendMagicLink(v) : accounts.sendCode(v)),
        () =>
          formData.get("via") === "link"
            ? { notice: "Check your email: we sent you a sign-in link. It works for 15 minutes." }
            : { notice: "Check your email: we sent you a 6-digit code. Enter it below within 10 minutes." },
      );
    case "code":
      return handleForm(intent, formData, CodeSignInSchema, (v) => accounts.signInWithCode(v), () => back({ redirectTo: String(formData.get("redirectTo") ?? "") }));
    case "magic":
      return handleForm(intent, formData, LinkTokenSchema, (v) => accounts.signInWithMagicLink(v.token), () => back({ redirectTo: String(formData.get("redirectTo") ?? "") }));
    case "identity":
      return handleForm(intent, formData, LinkTokenSchema, (v) => accounts.signInWithIdentityLink(v.token), () => back({ redirectTo: String(formData.get("redirectTo") ?? "") }));
    default:
      throw new Response("Unknown form", { status: 400 });
  }
}

/** A link from an email asks for one press before it is spent, so a mail scanner that opens links signs nobody in. */
function LinkConfirm({ intent, token, redirectTo, reply }: { intent: "magic" | "identity"; token: string; redirectTo: string; reply?: FormReply }) {
  const { form, busy, formError } = useAccountForm(intent, LinkTokenSchema, reply);
  return (
    <section className="auth-card" aria-labelledby="magic-title">
      <h2 id="magic-title">{intent === "magic" ? "Finish signing in" : "Confirm your email"}</h2>
      <Form method="post" {...getFormProps(form)} className="auth-form">
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="token" value={token} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <p>
          {intent === "magic"
            ? "You opened a sign-in link from your email. Press the button to sign in on this device."
            : "You opened the link we sent to confirm your email. Press the button to confirm it, link your Google or Facebook sign-in to this account and sign in."}
        </p>
        <FormAlert kind="error">{formError}</FormAlert>
        <button type="submit" className="button" aria-busy={busy || undefined} disabled={busy}>
          {busy ? "Signing in…" : intent === "magic" ? "Sign In" : "Confirm and sign in"}
        </button>
      </Form>
    </section>
  );
}

function PasswordForm({ redirectTo, reply }: { redirectTo: string; reply?: FormReply }) {
  const { form, fields, busy, formError, onChange } = useAccountForm("password", SignInSchema, reply);
  return (
    <section className="auth-card" aria-labelledby="password-title">
      <h2 id="password-title">Login</h2>
      <Form method="post" {...getFormProps(form)} className="auth-form" onChange={onChange}>
        <input type="hidden" name="intent" value="password" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <FormAlert kind="error">{formError}</FormAlert>
        <FormField field={fields.email} label="Email" type="email" autoComplete="email" />
        <FormField field={fields.password} label="Password" type="password" autoComplete="current-password" />
        <button type="submit" className="button" aria-busy={busy || undefined} disabled={busy}>
          {busy ? "Signing in…" : "Sign In"}
        </button>
      </Form>
      <div className="auth-links">
        <Link to={ROUTES.recover}>Forgot password?</Link>
        <Link to={`${ROUTES.recover}?kind=set`}>Don't have a password?</Link>
        <Link to={ROUTES.signup}>Want to create a new account?</Link>
      </div>
    </section>
  );
}

function PasswordlessForms({ redirectTo, reply }: { redirectTo: string; reply?: FormReply }) {
  const send = useAccountForm("passwordless", PasswordlessSchema, reply);
  const code = useAccountForm("code", CodeSignInSchema, reply);
  const sentEmail = reply?.intent === "passwordless" && reply.notice ? String((reply.result.initialValue as Record<string, unknown> | undefined)?.email ?? "") : "";
  const codeSent = send.notice?.includes("code") || reply?.intent === "code";
  return (
    <section className="auth-card" aria-labelledby="passwordless-title">
      <h2 id="passwordless-title">Sign in without a password</h2>
      <Form method="post" {...getFormProps(send.form)} className="auth-form" onChange={send.onChange}>
        <input type="hidden" name="intent" value="passwordless" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <FormAlert kind="error">{send.formError}</FormAlert>
        <FormAlert kind="success">{send.notice}</FormAlert>
        <FormField field={send.fields.email} label="Email" type="email" autoComplete="email" hint="We email you a link, or a 6-digit code to type here if you read mail on another device." />
        <div className="auth-actions">
          <button type="submit" name="via" value="link" className="button button--quiet" disabled={send.busy}>
            Email me a link
          </button>
          <button type="submit" name="via" value="code" className="button button--quiet" disabled={send.busy}>
            Email me a code
          </button>
        </div>
      </Form>
      {codeSent && (
        <Form method="post" {...getFormProps(code.form)} className="auth-form auth-form--spaced" onChange={code.onChange}>
          <input type="hidden" name="intent" value="code" />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <FormAlert kind="error">{code.formError}</FormAlert>
          <input {...getInputProps(code.fields.email, { type: "hidden" })} key={code.fields.email.key} defaultValue={code.fields.email.initialValue ?? sentEmail} />
          <FormField field={code.fields.code} label="6-digit code" inputProps={{ inputMode: "numeric", autoComplete: "one-time-code", maxLength: 6 }} />
          <button type="submit" className="button" aria-busy={code.busy || undefined} disabled={code.busy}>
            {code.busy ? "Signing in…" : "Sign in with code"}
          </button>
        </Form>
      )}
    </section>
  );
}

export default function LoginPage({ loaderData }: Route.ComponentProps) {
  const reply = useActionData<typeof action>();
  const { redirectTo, magic, identity, verified, providers, social: socialResult } = loaderData;
  const social = `?${new URLSearchParams({ redirectTo })}`;
  return (
    <main id="main" className="auth-page">
      <p className="auth-eyebrow">Your Account</p>
      <h1 className="page-title">Sign In</h1>
      <p className="auth-lead">Hi, kindly sign in.</p>
      {verified === "1" && <FormAlert kind="success">Your email is verified. Sign in to continue.</FormAlert>}
      {verified === "0" && <FormAlert kind="error">This verification link has expired or was already used. Sign in, or ask for a new link from the sign-up page.</FormAlert>}
      {socialResult && <FormAlert kind={socialResult.kind}>{socialResult.message}</FormAlert>}
      {magic ? <LinkConfirm intent="magic" token={magic} redirectTo={redirectTo} reply={reply} /> : null}
      {identity && !magic ? <LinkConfirm intent="identity" token={identity} redirectTo={redirectTo} reply={reply} /> : null}
      <PasswordForm redirectTo={redirectTo} reply={reply} />
      <PasswordlessForms redirectTo={redirectTo} reply={reply} />
      {(providers.google || providers.facebook) && (
        <section className="auth-card" aria-labelledby="social-title">
          <h2 id="social-title">Or continue with</h2>
          <div className="social-buttons">
            {providers.google && (
              <a className="button button--quiet" href={`/api/auth/social/google/start${social}`}>
                Continue with Google
              </a>
            )}
            {providers.facebook && (
              <a className="button button--quiet" href={`/api/auth/social/facebook/start${social}`}>
                Continue with Facebook
              </a>
            )}
          </div>
        </section>
      )}
    </main>
  );
}

import { getFormProps } from "@conform-to/react";
import { useEffect, useState } from "react";
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
  // A used or expired verification link lands here, signed in or not: the page offers a new link.
  const staleLink = url.searchParams.get("verified") === "0";
  if (context.viewer.signedIn && !magic && !identity && !staleLink) throw redirect(redirectTo);
  return {
    redirectTo,
    magic,
    identity,
    staleLink,
    viewerEmail: context.viewer.signedIn ? (context.viewer.email ?? null) : null,
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
    case "resend":
      return handleForm(intent, formData, EmailOnlySchema, (v) => accounts.resendVerification(v), () => ({
        notice: "If this address is waiting for verification, a new link is on its way. It works for 7 days.",
      }));
    default:
      throw new Response("Unknown form", { status: 400 });
  }
}

/** A link from an email asks for one press before it is spent, so a mail scanner that opens links signs nobody in. */
function LinkConfirm({ intent, token, redirectTo, reply }: { intent: "magic" | "identity"; token: string; redirectTo: string; reply?: FormReply }) {
  const { form, busy, formError } = useAccountForm(intent, LinkTokenSchema, reply);
  const otherWays = redirectTo === ROUTES.member_homepage ? ROUTES.login : `${ROUTES.login}?${new URLSearchParams({ [RETURN_TO_PARAM]: redirectTo })}`;
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
      <div className="auth-links">
        {/* A full page load: the link's token leaves the address bar and the usual forms come back. */}
        <a href={otherWays}>Use another way to sign in</a>
      </div>
    </section>
  );
}

/** A verification link that no longer works (used, expired, or replaced by a newer one): say so, and send a new one. */
function StaleVerificationLink({ email, reply }: { email: string | null; reply?: FormReply }) {
  const { form, fields, busy, formError, notice, onChange } = useAccountForm("resend", EmailOnlySchema, reply, email ? { email } : undefined);
  return (
    <section className="auth-card" aria-labelledby="stale-link-title">
      <h2 id="stale-link-title">Verify your email</h2>
      <Form method="post" {...getFormProps(form)} className="auth-form" onChange={onChange}>
        <input type="hidden" name="intent" value="resend" />
        <FormAlert kind="error">This verification link has expired or was already used.</FormAlert>
        <p>We can send you a new link. It works for 7 days, and opening it signs you in.</p>
        <FormAlert kind="error">{formError}</FormAlert>
        <FormAlert kind="success">{notice}</FormAlert>
        <FormField field={fields.email} label="Email" type="email" autoComplete="email" />
        <button type="submit" className="button" aria-busy={busy || undefined} disabled={busy}>
          {busy ? "Sending…" : "Send a new link"}
        </button>
      </Form>
      {email && (
        <div className="auth-links">
          <Link to={ROUTES.member_homepage}>Go to your account</Link>
        </div>
      )}
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
        <Link to={redirectTo === ROUTES.member_homepage ? ROUTES.signup : `${ROUTES.signup}?${new URLSearchParams({ [RETURN_TO_PARAM]: redirectTo })}`}>Want to create a new account?</Link>
      </div>
    </section>
  );
}

const emailOf = (reply: FormReply) => String((reply.result.initialValue as Record<string, unknown> | undefined)?.email ?? "");

/**
 * The address the code was sent to: from the answer that sent it, kept across the answers to each try (a wrong code's
 * answer echoes it too, which is what the page has before JavaScript).
 */
function useCodeEmail(reply: FormReply | undefined): string {
  const fromReply = reply && ((reply.intent === "passwordless" && reply.notice) || reply.intent === "code") ? emailOf(reply) : "";
  const [kept, keep] = useState(fromReply);
  useEffect(() => {
    if (fromReply) keep(fromReply);
  }, [fromReply]);
  return fromReply || kept;
}

function PasswordlessForms({ redirectTo, reply }: { redirectTo: string; reply?: FormReply }) {
  const send = useAccountForm("passwordless", PasswordlessSchema, reply);
  const code = useAccountForm("code", CodeSignInSchema, reply);
  const codeEmail = useCodeEmail(reply);
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
          {/* A plain input, not conform's: conform empties a hidden field when it applies a failed reply, and the next
              try (the right code, with Enter) then failed the browser's check on a field nobody sees (issue 34). */}
          <input type="hidden" name="email" value={codeEmail} />
          <FormAlert kind="error">{code.fields.email.errors?.[0]}</FormAlert>
          <FormField
            field={code.fields.code}
            label="6-digit code"
            inputProps={{ inputMode: "numeric", autoComplete: "one-time-code", maxLength: 6, autoFocus: reply?.intent === "code" && !!code.formError }}
          />
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
  const { redirectTo, magic, identity, staleLink, viewerEmail, providers, social: socialResult } = loaderData;
  const social = `?${new URLSearchParams({ redirectTo })}`;
  const link = magic ? ("magic" as const) : identity ? ("identity" as const) : null;
  return (
    <main id="main" className="auth-page">
      <p className="auth-eyebrow">Your Account</p>
      <h1 className="page-title">Sign In</h1>
      <p className="auth-lead">Hi, kindly sign in.</p>
      {socialResult && <FormAlert kind={socialResult.kind}>{socialResult.message}</FormAlert>}
      {/* A pressed link shows only its own confirmation: one Sign In button on the screen, the other ways one link away. */}
      {link ? <LinkConfirm intent={link} token={(magic ?? identity)!} redirectTo={redirectTo} reply={reply} /> : null}
      {!link && staleLink ? <StaleVerificationLink email={viewerEmail} reply={reply} /> : null}
      {!link && !viewerEmail && <SignInForms redirectTo={redirectTo} reply={reply} providers={providers} social={social} />}
    </main>
  );
}

function SignInForms({ redirectTo, reply, providers, social }: { redirectTo: string; reply?: FormReply; providers: { google: boolean; facebook: boolean }; social: string }) {
  return (
    <>
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
    </>
  );
}

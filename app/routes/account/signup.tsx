import { getFormProps } from "@conform-to/react";
import { Form, Link, redirect, useActionData } from "react-router";
import { EmailOnlySchema, RegisterSchema } from "../../../domain/accounts";
import { ROUTES } from "../../../domain/routes";
import { FormAlert, FormField } from "../../components/account/FormField";
import { handleForm } from "../../components/account/reply.server";
import { useAccountForm, type FormReply } from "../../components/account/use-account-form";
import { RETURN_TO_PARAM, safeReturnTo } from "../../lib/require-viewer";
import { returnPathOf } from "../../../domain/safe-return";
import type { Route } from "./+types/signup";
import "../../components/account/account.css";

export async function loader({ context, request }: Route.LoaderArgs) {
  const redirectTo = new URL(request.url).searchParams.get(RETURN_TO_PARAM);
  if (context.viewer.signedIn) throw redirect(safeReturnTo(redirectTo));
  // Only a same-origin path goes back into the form (ADR 0049); anything else means the account home.
  return { redirectTo: returnPathOf(redirectTo) ?? null };
}

export const meta: Route.MetaFunction = () => [{ title: "Create your account | Seed" }, { name: "robots", content: "noindex" }];

export async function action({ context, request }: Route.ActionArgs): Promise<FormReply> {
  const formData = await request.formData();
  const intent = String(formData.get("intent"));
  if (intent === "resend") {
    return handleForm(intent, formData, EmailOnlySchema, (v) => context.accounts.resendVerification(v), () => ({
      notice: "If this address is waiting for verification, a new link is on its way.",
    }));
  }
  // A new address is signed in at once and goes where a signed-in shopper goes; any other answer is the same for every
  // address (the account's owner gets an email), so a sign-up never reveals an account.
  return handleForm("register", formData, RegisterSchema, (v) => context.accounts.register(v), ({ signedIn }) =>
    signedIn
      ? { redirectTo: afterSignUp(formData.get(RETURN_TO_PARAM)) }
      : { notice: `We sent a link to ${String(formData.get("email") ?? "").trim().toLowerCase()}. Open it to verify your account, then sign in.` },
  );
}

/** The page a new member lands on: the safe return path they came with, else their account home, welcomed. */
function afterSignUp(value: FormDataEntryValue | null): string {
  return returnPathOf(typeof value === "string" ? value : undefined) ?? `${ROUTES.member_homepage}?welcome=1`;
}

export default function SignupPage({ loaderData }: Route.ComponentProps) {
  const reply = useActionData<typeof action>();
  const { form, fields, busy, formError, notice, onChange } = useAccountForm("register", RegisterSchema, reply);
  const resend = useAccountForm("resend", EmailOnlySchema, reply);
  const sentTo = reply?.intent === "register" && reply.notice ? reply.notice : null;
  return (
    <main id="main" className="auth-page">
      <p className="auth-eyebrow">Your Account</p>
      <h1 className="page-title">Create your account</h1>
      <p className="auth-lead">Manage your subscription, see your orders and refer friends.</p>
      <section className="auth-card" aria-labelledby="signup-title">
        <h2 id="signup-title">Sign Up</h2>
        <Form method="post" {...getFormProps(form)} className="auth-form" onChange={onChange}>
          <input type="hidden" name="intent" value="register" />
          {loaderData.redirectTo && <input type="hidden" name={RETURN_TO_PARAM} value={loaderData.redirectTo} />}
          <FormAlert kind="error">{formError}</FormAlert>
          <FormAlert kind="success">{notice}</FormAlert>
          <div className="field-row">
            <FormField field={fields.firstName} label="First name" autoComplete="given-name" />
            <FormField field={fields.lastName} label="Last name" autoComplete="family-name" />
          </div>
          <FormField field={fields.email} label="Email" type="email" autoComplete="email" />
          <FormField field={fields.password} label="Password" type="password" autoComplete="new-password" hint="At least 6 characters." />
          <button type="submit" className="button" aria-busy={busy || undefined} disabled={busy}>
            {busy ? "Creating your account…" : "Create account"}
          </button>
        </Form>
        <div className="auth-links">
          <Link to={loaderData.redirectTo ? `${ROUTES.login}?${new URLSearchParams({ [RETURN_TO_PARAM]: loaderData.redirectTo })}` : ROUTES.login}>
            Already have an account? Sign in
          </Link>
        </div>
      </section>
      {(sentTo || reply?.intent === "resend") && (
        <section className="auth-card" aria-labelledby="resend-title">
          <h2 id="resend-title">No email?</h2>
          <Form method="post" {...getFormProps(resend.form)} className="auth-form" onChange={resend.onChange}>
            <input type="hidden" name="intent" value="resend" />
            <FormAlert kind="error">{resend.formError}</FormAlert>
            <FormAlert kind="success">{resend.notice}</FormAlert>
            <FormField field={resend.fields.email} label="Email" type="email" autoComplete="email" />
            <button type="submit" className="button button--quiet" disabled={resend.busy}>
              Send the verification link again
            </button>
          </Form>
        </section>
      )}
    </main>
  );
}

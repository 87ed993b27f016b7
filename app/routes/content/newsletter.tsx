import { data, Form } from "react-router";
import { MESSAGES } from "../../../domain/messages";
import { NEWSLETTER_CHECK_INBOX } from "../../../domain/newsletter";
import { formAnswer, formAnswerHeaders } from "../../lib/form-answer";
import { pageMeta } from "../../lib/page-meta";
import type { Route } from "./+types/newsletter";
import { safeReturnPath } from "../../../domain/safe-return";

export const headers: Route.HeadersFunction = formAnswerHeaders;

/**
 * The footer's newsletter form before JavaScript loads: a real form post lands here, runs the same service and shows
 * the same messages as the script-driven form (which keeps using POST /api/newsletter).
 */
export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const email = typeof form.get("email") === "string" ? String(form.get("email")) : "";
  const back = safeBack(String(form.get("path") ?? ""));
  const outcome = await context.forms.subscribe({ email }, back);
  return data({ ok: outcome.ok, message: outcome.ok ? `${MESSAGES.newsletterSuccess} ${NEWSLETTER_CHECK_INBOX}` : outcome.message, email, back }, formAnswer(outcome));
}

/** Only a path of this site (domain/safe-return.ts), so the "back" link cannot send anyone elsewhere. */
const safeBack = (path: string) => safeReturnPath(path, "/");

export const meta: Route.MetaFunction = () => [...pageMeta({ title: "Newsletter", description: "Sign up for Seed's newsletter." }), { name: "robots", content: "noindex" }];

export default function Newsletter({ actionData }: Route.ComponentProps) {
  return (
    <main id="main" className="content-page">
      <header className="page page-head">
        <h1 className="page-title">Newsletter</h1>
        <p className="page-intro">Microbiome research, new launches and member offers, about twice a month. No noise.</p>
      </header>
      <div className="content-blocks">
        <section className="block-section" aria-label="Sign up">
          <div className="block-section-inner">
            {actionData ? (
              <p role={actionData.ok ? "status" : "alert"} className={actionData.ok ? "mail-form-success" : "form-error"}>
                {actionData.message}
              </p>
            ) : null}
            {actionData?.ok ? (
              <p>
                <a className="button" href={actionData.back}>
                  Back to where you were
                </a>
              </p>
            ) : (
              <Form method="post" className="mail-form" noValidate>
                <input type="hidden" name="path" value={actionData?.back ?? "/"} />
                <div className="mail-form-field">
                  <label htmlFor="newsletter-page-email" className="mail-form-label">
                    Email address
                  </label>
                  <input id="newsletter-page-email" className="mail-form-input" type="email" name="email" autoComplete="email" defaultValue={actionData?.email} required aria-invalid={actionData && !actionData.ok ? true : undefined} />
                </div>
                <button type="submit" className="button">
                  Sign Up
                </button>
                <p className="newsletter-consent">{MESSAGES.newsletterConsent}</p>
              </Form>
            )}
          </div>
        </section>
      </div>
    </main>
  );
}

import { data, Form } from "react-router";
import { pageMeta } from "../../lib/page-meta";
import type { Route } from "./+types/newsletter-confirm";

/**
 * The confirmation email's link (double opt-in). Opening it only shows a button: mail scanners that fetch every
 * link must not subscribe anyone, so the subscription starts with the button's POST.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token, link: await context.forms.newsletterLink(token, "newsletter-confirm") };
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const token = typeof form.get("token") === "string" ? String(form.get("token")) : "";
  const outcome = await context.forms.confirmNewsletter(token);
  return data({ outcome }, { status: outcome.ok ? 200 : 400 });
}

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Confirm your subscription", description: "Confirm your subscription to Seed's newsletter." }),
  { name: "robots", content: "noindex" },
];

const PROBLEM: Record<"invalid" | "expired" | "unsubscribed", string> = {
  invalid: "This confirmation link is not valid. Copy the whole link from the email, or sign up again below any page.",
  expired: "This confirmation link has expired (links work for 7 days). Sign up again with the form at the foot of any page and we will send a new one.",
  unsubscribed: "This address has unsubscribed since this link was sent, so the link no longer works. Sign up again with the form at the foot of any page if you changed your mind.",
};

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const outcome = actionData?.outcome ?? loaderData.link;
  const done = actionData?.outcome.ok === true || (loaderData.link.ok && loaderData.link.status === "subscribed");
  return (
    <main id="main" className="content-page">
      <header className="page page-head">
        <h1 className="page-title">{done ? "You're subscribed" : "Confirm your subscription"}</h1>
        <p className="page-intro">Microbiome research, new launches and member offers, about twice a month.</p>
      </header>
      <div className="content-blocks">
        <section className="block-section" aria-label="Confirmation">
          <div className="block-section-inner">
            {!outcome.ok ? (
              <p role="alert" className="form-error">
                {PROBLEM[outcome.reason]}
              </p>
            ) : done ? (
              <>
                <p role="status" className="mail-form-success">
                  Thank you: {outcome.email} is confirmed. Your first newsletter is on its way; every one carries a one-click unsubscribe link.
                </p>
                <p>
                  <a className="button" href="/cultured/">
                    Read Cultured meanwhile
                  </a>
                </p>
              </>
            ) : (
              <Form method="post" className="mail-form">
                <input type="hidden" name="token" value={loaderData.token} />
                <p>
                  Confirm that <strong>{outcome.email}</strong> should receive Seed's newsletter.
                </p>
                <button type="submit" className="button">
                  Confirm my subscription
                </button>
              </Form>
            )}
          </div>
        </section>
      </div>
    </main>
  );
}

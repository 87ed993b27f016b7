import { data, Form } from "react-router";
import { pageMeta } from "../../lib/page-meta";
import type { Route } from "./+types/newsletter-unsubscribe";

/**
 * The unsubscribe link of every newsletter-type email, and the target of its List-Unsubscribe header. A POST with a
 * valid token unsubscribes: the page's one button, or a mail client's RFC 8058 one-click post
 * (body "List-Unsubscribe=One-Click", token in the address). A GET only shows the button, so link scanners change nothing.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token, link: await context.forms.newsletterLink(token, "newsletter-unsubscribe") };
}

export async function action({ context, request }: Route.ActionArgs) {
  const url = new URL(request.url);
  const form = await request.formData().catch(() => new FormData());
  const posted = form.get("token");
  const token = typeof posted === "string" && posted !== "" ? posted : (url.searchParams.get("token") ?? "");
  const outcome = await context.forms.unsubscribeNewsletter(token);
  return data({ outcome }, { status: outcome.ok ? 200 : 400 });
}

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Unsubscribe", description: "Unsubscribe from Seed's newsletter." }),
  { name: "robots", content: "noindex" },
];

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const outcome = actionData?.outcome ?? loaderData.link;
  const done = actionData?.outcome.ok === true || (loaderData.link.ok && loaderData.link.status === "unsubscribed");
  return (
    <main id="main" className="content-page">
      <header className="page page-head">
        <h1 className="page-title">{done ? "You're unsubscribed" : "Unsubscribe from the newsletter"}</h1>
      </header>
      <div className="content-blocks">
        <section className="block-section" aria-label="Unsubscribe">
          <div className="block-section-inner">
            {!outcome.ok ? (
              <p role="alert" className="form-error">
                {outcome.reason === "expired"
                  ? "This unsubscribe link has expired. Use the link in a more recent email, or write to care@seed.example and we will remove you."
                  : "This unsubscribe link is not valid. Copy the whole link from the email, or write to care@seed.example and we will remove you."}
              </p>
            ) : done ? (
              <p role="status" className="mail-form-success">
                {outcome.email} will get no more newsletters. Emails about your orders and subscription still come, as they must. You can sign up again at any time.
              </p>
            ) : (
              <Form method="post" className="mail-form">
                <input type="hidden" name="token" value={loaderData.token} />
                <p>
                  Stop sending Seed's newsletter to <strong>{outcome.email}</strong>?
                </p>
                <button type="submit" className="button">
                  Unsubscribe
                </button>
              </Form>
            )}
          </div>
        </section>
      </div>
    </main>
  );
}

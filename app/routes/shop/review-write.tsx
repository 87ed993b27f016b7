import { data } from "react-router";
import type { ReviewInput } from "../../../domain/reviews";
import { ReviewForm, type ReviewFormValues } from "../../components/reviews/ReviewForm";
import type { Route } from "./+types/review-write";
import "../../components/account/account.css";
import "../../components/reviews/reviews.css";

/**
 * The review request's link (ADR 0068): /review/<signed token>, no password. The token names one order and one product
 * line; a forged or expired one answers 4xx with a page that says what to do; a line already reviewed says so.
 */
const statusOf = (code: string) => (code === "NOT_FOUND" ? 404 : code === "FORBIDDEN" ? 403 : 400);

export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await context.reviews.form(params.token ?? "");
  if (!found.ok) return data({ view: null, error: found.message }, { status: statusOf(found.code) });
  return { view: found.value, error: null };
}

const FIELDS: (keyof ReviewInput)[] = ["rating", "title", "body", "authorName"];

export async function action({ params, request, context }: Route.ActionArgs) {
  // A body that is not a form (or is cut short) is bad input: 400 with the page's words, never a 500.
  const form = await request.formData().catch(() => null);
  if (!form) return data({ done: null, values: {}, errors: {}, message: "We could not read that form. Please send it again from the page." }, { status: 400 });
  const values: ReviewFormValues = Object.fromEntries(FIELDS.map((name) => [name, typeof form.get(name) === "string" ? String(form.get(name)) : ""]));
  // An empty file input still sends a part with no name and no bytes: that is no photo.
  const files = form.getAll("photos").filter((f): f is File => typeof f !== "string" && f.size > 0);
  const photos = await Promise.all(files.map(async (f) => ({ bytes: new Uint8Array(await f.arrayBuffer()), filename: f.name })));
  const done = await context.reviews.submit(params.token ?? "", values as Record<string, string>, photos);
  if (done.ok) return { done: "received" as const, values: {}, errors: {}, message: "" };
  if (done.code === "REVIEW_ALREADY_RECEIVED") return data({ done: "already" as const, values: {}, errors: {}, message: done.message }, { status: 409 });
  return data({ done: null, values, errors: done.fields, message: done.message }, { status: done.status });
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" });

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.view ? `Review ${loaderData.view.productName} | Seed` : "Write a review | Seed" },
  { name: "robots", content: "noindex" },
];

export default function ReviewWrite({ loaderData, actionData }: Route.ComponentProps) {
  const { view, error } = loaderData;
  if (!view) {
    return (
      <main id="main" className="auth-page review-page">
        <h1 className="page-title">This review link does not work</h1>
        <p className="form-alert form-alert--error">{error}</p>
        <p className="auth-lead">
          Review links come in the email we send a couple of weeks after your order ships. If yours stopped working, reply to that email or write to us from the <a className="text-link" href="/contact">contact page</a> with your order number, and we will send a new one.
        </p>
      </main>
    );
  }
  const done = actionData?.done ?? (view.alreadyReviewed ? "already" : null);
  if (done) {
    return (
      <main id="main" className="auth-page review-page">
        <h1 className="page-title">{done === "received" ? "Thank you for your review" : "We already have your review"}</h1>
        <p className="auth-lead" role="status">
          {done === "received"
            ? `We read every review before it is published. Once it is, it appears on the ${view.productName} page and on our reviews page, with your first name and "Verified buyer".`
            : `Your review of ${view.productName} from order ${view.orderNumber} has been received, so there is nothing more to do. Each order has one review per product.`}
        </p>
        <p className="auth-links">
          <a className="text-link" href={`${view.productPage}#reviews`}>
            Read reviews of {view.productName}
          </a>
        </p>
      </main>
    );
  }
  return (
    <main id="main" className="auth-page review-page">
      <p className="auth-eyebrow">Order {view.orderNumber}</p>
      <h1 className="page-title">How is {view.productName} working for you?</h1>
      <p className="auth-lead">Your review helps other people decide, and it helps us. We publish good and bad reviews alike, after a quick check that they follow our guidelines.</p>
      <div className="auth-card">
        <ReviewForm productName={view.productName} authorName={view.authorName} errors={actionData?.errors} values={actionData?.values} message={actionData?.message || undefined} />
      </div>
    </main>
  );
}

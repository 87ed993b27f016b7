import { Link, Form, useActionData } from "react-router";
import { ShopError } from "../../../domain/errors";
import { PRODUCT_LINES } from "../../../domain/product-lines";
import { REVIEW_STATUSES, type ReviewStatus } from "../../../domain/reviews";
import { consoleAct, consoleLoad, formFields } from "../../components/console/errors";
import { ActionMessage, Badge, SubmitButton, When } from "../../components/console/ui";
import { Picture } from "../../components/ui/Picture";
import type { Route } from "./+types/reviews";

/**
 * The review moderation queue (ADR 0068): pending reviews oldest first, or the approved or rejected ones newest first;
 * approve, reject with a reason (required) or reply in public. Every action is a plain form (works before JavaScript),
 * checked against the role's permission and written to the audit log with the review's state before and after.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  return consoleLoad(async () => {
    const service = context.console.service();
    const queue = await service.reviewQueue({ status: params.get("status") ?? undefined, page: Number(params.get("page") ?? 1) });
    return { queue, mayModerate: service.staff.permissions.includes("reviews.moderate") };
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const fields = await formFields(request);
  return consoleAct(async () => {
    const service = context.console.service();
    const id = fields.id ?? "";
    if (fields.decision === "approve") {
      await service.approveReview(id);
      return "Approved: the review is on the product page and /reviews now.";
    }
    if (fields.decision === "reject") {
      await service.rejectReview(id, fields.reason);
      return "Rejected: the review stays hidden; the reason is kept with it.";
    }
    if (fields.decision === "reply") {
      await service.replyToReview(id, fields.reply);
      return "Reply saved: it shows under the review once the review is approved.";
    }
    throw new ShopError("VALIDATION_ERROR", "Choose approve, reject or reply.");
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Reviews | Seed console" }];

const STATUS_WORDS: Record<ReviewStatus, string> = { pending: "Waiting", approved: "Approved", rejected: "Rejected" };

export default function ConsoleReviews({ loaderData }: Route.ComponentProps) {
  const { queue, mayModerate } = loaderData;
  const result = useActionData<typeof action>();
  const pageHref = (page: number) => `/console/reviews?status=${queue.status}${page > 1 ? `&page=${page}` : ""}`;
  return (
    <>
      <h1>Reviews</h1>
      <p>Buyers' reviews wait here until someone reads them. Approve what follows our guidelines, good or bad; reject only with a reason (it is kept, never shown); a reply is shown in public under the review.</p>
      <nav aria-label="Filter by status" className="c-form-row">
        {REVIEW_STATUSES.map((s) => (
          <Link key={s} to={`/console/reviews?status=${s}`} aria-current={queue.status === s ? "page" : undefined}>
            {STATUS_WORDS[s]}
          </Link>
        ))}
      </nav>
      <ActionMessage result={result && "ok" in result ? result : undefined} />
      <p className="c-hint">
        {queue.total === 0 ? `No ${STATUS_WORDS[queue.status].toLowerCase()} reviews.` : `${queue.total} ${STATUS_WORDS[queue.status].toLowerCase()} ${queue.total === 1 ? "review" : "reviews"}${queue.status === "pending" ? ", oldest first" : ", newest first"}; page ${queue.page} of ${queue.pages}.`}
      </p>
      {queue.rows.map((r) => (
        <article key={r.id} className="c-card" aria-labelledby={`r-${r.id}`}>
          <h2 id={`r-${r.id}`} style={{ fontSize: "1.05rem", margin: 0 }}>
            {r.rating} of 5: {r.title}
          </h2>
          <p className="c-hint">
            {PRODUCT_LINES[r.productLine].name} · by {r.authorName} · {r.orderNumber ? `order ${r.orderNumber}` : "seed review"} · <When iso={r.createdAt} /> <Badge>{STATUS_WORDS[r.status]}</Badge>
          </p>
          <p style={{ whiteSpace: "pre-line" }}>{r.body}</p>
          {r.photos.length > 0 ? (
            <ul className="c-form-row" aria-label="Photos" style={{ listStyle: "none", padding: 0 }}>
              {r.photos.map((hash) => (queue.images[hash] ? <li key={hash} style={{ width: 120 }}><Picture image={queue.images[hash]!} sizes="120px" /></li> : null))}
            </ul>
          ) : null}
          {r.rejectReason ? <p>Reason for rejecting: {r.rejectReason}</p> : null}
          {r.reply ? <p>Our public reply: {r.reply}</p> : null}
          {mayModerate ? (
            <div className="c-form-row">
              {r.status !== "approved" ? (
                <Form method="post">
                  <input type="hidden" name="id" value={r.id} />
                  <SubmitButton name="decision" value="approve">
                    Approve
                  </SubmitButton>
                </Form>
              ) : null}
              {r.status !== "rejected" ? (
                <Form method="post" className="c-form-row">
                  <input type="hidden" name="id" value={r.id} />
                  <label className="c-field">
                    Reason for rejecting (required, not shown to anyone outside)
                    <input type="text" name="reason" required minLength={3} maxLength={500} />
                  </label>
                  <SubmitButton name="decision" value="reject" quiet>
                    Reject
                  </SubmitButton>
                </Form>
              ) : null}
              <Form method="post" className="c-form-row">
                <input type="hidden" name="id" value={r.id} />
                <label className="c-field">
                  {r.reply ? "Change our public reply" : "Public reply (optional)"}
                  <textarea name="reply" rows={2} cols={40} required minLength={2} maxLength={2000} defaultValue={r.reply ?? ""} />
                </label>
                <SubmitButton name="decision" value="reply" quiet>
                  Save reply
                </SubmitButton>
              </Form>
            </div>
          ) : null}
        </article>
      ))}
      {queue.pages > 1 ? (
        <nav aria-label="Pages" className="c-form-row">
          {queue.page > 1 ? <Link to={pageHref(queue.page - 1)}>Previous page</Link> : null}
          {queue.page < queue.pages ? <Link to={pageHref(queue.page + 1)}>Next page</Link> : <span className="c-hint">This is the last page.</span>}
        </nav>
      ) : null}
    </>
  );
}

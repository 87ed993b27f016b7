import { Form } from "react-router";
import { SubmitButton, When } from "../ui";

/** A schedule as the page's loader sends it (server/modules/content/schedules.ts). */
export interface ScheduleView {
  id: string;
  baseVersion: number;
  publishAt: string;
  status: string;
  outcome: string | null;
  staffEmail: string;
}

/**
 * The page's publish set for later (ADR 0072), with Cancel, and the last few that were published, refused (saying
 * why) or cancelled.
 */
export function PageSchedules({ schedules, mayPublish }: { schedules: ScheduleView[]; mayPublish: boolean }) {
  const pending = schedules.find((s) => s.status === "pending");
  const settled = schedules.filter((s) => s.status !== "pending");
  return (
    <section className="cc-schedules" aria-labelledby="cc-schedules-heading">
      <h2 id="cc-schedules-heading">Scheduled publish</h2>
      {pending ? (
        <div className="cc-pending">
          <p>
            This page will be published at <When iso={pending.publishAt} />, as edited from version {pending.baseVersion} by {pending.staffEmail}. If someone publishes the page before then, it is not published and the reason is shown here.
          </p>
          {mayPublish ? (
            <Form method="post">
              <input type="hidden" name="intent" value="cancel-schedule" />
              <input type="hidden" name="scheduleId" value={pending.id} />
              <SubmitButton quiet>Cancel the scheduled publish</SubmitButton>
            </Form>
          ) : null}
        </div>
      ) : (
        <p className="c-hint">Nothing is scheduled for this page.</p>
      )}
      {settled.length > 0 ? (
        <ul className="cc-settled">
          {settled.map((s) => (
            <li key={s.id}>
              Set for <When iso={s.publishAt} /> by {s.staffEmail}: <strong>{s.status}</strong>
              {s.outcome ? `. ${s.outcome}` : ""}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

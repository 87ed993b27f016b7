import { Form, Link, useActionData } from "react-router";
import { consoleAct, consoleLoad, formFields } from "../../components/console/errors";
import { ActionMessage, Badge, SubmitButton, When } from "../../components/console/ui";
import type { Route } from "./+types/referrals";

export async function loader({ context }: Route.LoaderArgs) {
  return consoleLoad(async () => {
    const service = context.console.service();
    return { queue: await service.referralQueue(), customers: service.staff.permissions.includes("customers.read") };
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const fields = await formFields(request);
  return consoleAct(async () => {
    const decision = fields.decision === "approve" ? "approve" : "reject";
    const done = await context.console.service().decideReferral(fields.id ?? "", decision);
    return decision === "approve" ? `Approved: the referrer was credited (${done.status}).` : "Rejected: no reward will be paid.";
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Referral review | Seed console" }];

const SIGNAL_WORDS: Record<string, string> = {
  email: "same mailbox",
  address: "same shipping address",
  card: "same card",
  device: "same browser",
  monthly_cap: "over the monthly cap",
};

/** Referrals held for a person to decide (ADR 0036): self-referral signals, or past the monthly cap. */
export default function ConsoleReferrals({ loaderData }: Route.ComponentProps) {
  const { queue, customers } = loaderData;
  const result = useActionData<typeof action>();
  const who = (id: string, label: string) => (customers ? <Link to={`/console/customers/${id}`}>{label}</Link> : label);
  return (
    <>
      <h1>Referral review</h1>
      <p>These referrals were not rewarded by themselves. Approve pays the referrer their reward now (once the friend's 30-day refund window has closed); reject closes it.</p>
      <ActionMessage result={result && "ok" in result ? result : undefined} />
      {queue.length === 0 ? <p>Nothing waits for review.</p> : null}
      {queue.length > 0 ? (
        <div className="c-table-wrap" tabIndex={0} role="region" aria-label="Referrals waiting for review">
          <table className="c-table">
            <thead>
              <tr>
                <th scope="col">Referred on</th>
                <th scope="col">Referrer</th>
                <th scope="col">Friend</th>
                <th scope="col">Why held</th>
                <th scope="col">Window closes</th>
                <th scope="col">Decide</th>
              </tr>
            </thead>
            <tbody>
              {queue.map((r) => (
                <tr key={r.id}>
                  <td>
                    <When iso={r.createdAt} />
                  </td>
                  <td>{who(r.referrerId, "Referrer")}</td>
                  <td>{who(r.friendId, "Friend")}</td>
                  <td>
                    {r.flags.map((f) => (
                      <Badge key={f}>{SIGNAL_WORDS[f] ?? f}</Badge>
                    ))}
                  </td>
                  <td>
                    <When iso={r.rewardDueAt} />
                  </td>
                  <td>
                    <Form method="post" className="c-form-row">
                      <input type="hidden" name="id" value={r.id} />
                      <SubmitButton name="decision" value="approve">
                        Approve
                      </SubmitButton>
                      <SubmitButton name="decision" value="reject" quiet>
                        Reject
                      </SubmitButton>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  );
}

import { Form, Link, useActionData } from "react-router";
import { consoleAct, consoleLoad, formFields } from "../../components/console/errors";
import { AddressesSection, EmailsSection, NotesSection, OrdersSection, PointsSection, ReferralsSection, SubscriptionsSection, ValueSection } from "../../components/console/customer-360";
import { ActionMessage, Badge, SubmitButton, When } from "../../components/console/ui";
import { DangerButton } from "../../components/console/second-look/DangerButton";
import { TypedConfirmation } from "../../components/console/second-look/TypedConfirmation";
import "../../components/console/second-look/second-look.css";
import { DELETION_WORD } from "../../../domain/confirmations";
import type { Route } from "./+types/customer";

export async function loader({ context, params }: Route.LoaderArgs) {
  return consoleLoad(async () => {
    const service = context.console.service();
    const [detail, deletionRequests] = await Promise.all([service.customer(params.id), service.deletionRequests(params.id)]);
    const may = service.staff.permissions;
    return {
      ...detail,
      deletionRequests,
      may: {
        revoke: may.includes("customers.revoke-session"),
        fraud: may.includes("customers.edit-fraud-status"),
        orders: may.includes("orders.read"),
        subscriptions: may.includes("subscriptions.read"),
        emails: may.includes("emails.read"),
        note: may.includes("customers.note"),
        export: may.includes("customers.export-data"),
        erase: may.includes("customers.erase"),
      },
    };
  });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const fields = await formFields(request);
  return consoleAct(async () => {
    const service = context.console.service();
    if (fields.intent === "note") {
      await service.addCustomerNote(params.id, fields.body ?? "");
      return "Note added.";
    }
    if (fields.intent === "deletion-request") {
      const { created } = await service.recordDeletionRequest(params.id, requireNote(fields.note));
      return created ? "Deletion request recorded. It waits below until someone processes it." : "A deletion request was already waiting; it is unchanged.";
    }
    if (fields.intent === "erase") {
      await service.eraseCustomer(params.id, requireNote(fields.note), fields.confirmation);
      return "The customer is anonymised: name, email, address, sessions and newsletter are gone; orders and payments stay for the books.";
    }
    if (fields.intent === "revoke") {
      await service.revokeCustomerSession(params.id, fields.sessionId ?? "");
      return "The session is ended; that browser is signed out.";
    }
    await service.setFraudStatus(params.id, fields.fraudulentStatus ?? null);
    return "Fraud status saved.";
  });
}

/** The note says how the customer asked; the API refuses an empty one, and so does the form, in the same words. */
function requireNote(note: string | undefined): string {
  if (!note?.trim()) throw Object.assign(new Error("note"), { code: "VALIDATION_ERROR", status: 400, message: "Say how the customer asked (email, phone, letter) and when." });
  return note.trim();
}

export const meta: Route.MetaFunction = () => [{ title: "Customer | Seed console" }];

export default function ConsoleCustomer({ loaderData }: Route.ComponentProps) {
  const { profile, orders, subscriptions, sessions, deletionRequests, may } = loaderData;
  const name = [profile.firstName, profile.lastName].filter(Boolean).join(" ");
  const result = useActionData<typeof action>();
  return (
    <>
      <p>
        <Link to="/console/customers">All customers</Link>
      </p>
      <h1>{name || profile.email}</h1>
      <ActionMessage result={result && "ok" in result ? result : undefined} />
      <nav aria-label="On this page" className="c-form-row" style={{ marginBottom: "1rem" }}>
        <a href="#subscriptions">Subscriptions</a> <a href="#orders">Orders</a> <a href="#points">Points</a> <a href="#referrals">Referrals</a> <a href="#emails">Emails</a>{" "}
        <a href="#notes">Notes</a>
      </nav>
      <div className="c-grid">
      <section className="c-card" aria-labelledby="profile">
        <h2 id="profile" style={{ marginTop: 0 }}>
          Profile
        </h2>
        <dl className="c-dl">
          <dt>Email</dt>
          <dd>{profile.email}</dd>
          <dt>Phone</dt>
          <dd>{profile.phone ?? "-"}</dd>
          <dt>Customer since</dt>
          <dd>
            <When iso={profile.createdAt} />
          </dd>
          <dt>Fraud status</dt>
          <dd>{profile.fraudulentStatus ?? "none"}</dd>
        </dl>
        {may.fraud ? (
          <Form method="post" className="c-form-row" style={{ marginTop: "1rem" }}>
            <label className="c-field">
              Fraud status
              <input name="fraudulentStatus" defaultValue={profile.fraudulentStatus ?? ""} maxLength={100} />
              <span className="c-hint">A status containing "fraud" blocks the customer; empty clears it.</span>
            </label>
            <SubmitButton name="intent" value="fraud">
              Save fraud status
            </SubmitButton>
          </Form>
        ) : null}
      </section>

      <ValueSection value={loaderData.value} />
      </div>
      <AddressesSection addresses={loaderData.addresses} />
      <SubscriptionsSection subscriptions={subscriptions} linked={may.subscriptions} />
      <NotesSection notes={loaderData.notes} mayWrite={may.note} />
      <OrdersSection orders={orders} linked={may.orders} />
      <div className="c-grid">
        <PointsSection balances={loaderData.balances} ledger={loaderData.ledger} />
        <ReferralsSection referredBy={loaderData.referredBy} referred={loaderData.referred} />
      </div>
      <EmailsSection emails={loaderData.emails} linked={may.emails} />

      <PrivacySection customerId={profile.id} requests={deletionRequests} may={may} erased={profile.email.endsWith("@deleted.invalid")} />

      <h2>Sessions</h2>
      {sessions.length === 0 ? <p>Never signed in.</p> : null}
      {sessions.length > 0 ? (
        <div className="c-table-wrap" tabIndex={0} role="region" aria-label="Sessions">
          <table className="c-table">
            <thead>
              <tr>
                <th scope="col">Started</th>
                <th scope="col">Ends</th>
                <th scope="col">State</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {sessions.map((s) => (
                <tr key={s.id}>
                  <td>
                    <When iso={s.createdAt} />
                  </td>
                  <td>
                    <When iso={s.expiresAt} />
                  </td>
                  <td>{s.live ? <Badge tone="live">live</Badge> : s.revokedAt ? "revoked" : "expired"}</td>
                  <td>
                    {s.live && may.revoke ? (
                      <Form method="post">
                        <input type="hidden" name="sessionId" value={s.id} />
                        <button type="submit" name="intent" value="revoke" className="c-link-button">
                          Sign out this session
                        </button>
                      </Form>
                    ) : null}
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

type DeletionRequest = { id: string; status: string; note: string; requestedBy: string; requestedAt: string; processedBy: string | null; processedAt: string | null };

/** The right of access (download the export) and the right to erasure (record, then process, a deletion request). */
function PrivacySection({ customerId, requests, may, erased }: { customerId: string; requests: DeletionRequest[]; may: { export: boolean; erase: boolean }; erased: boolean }) {
  const pending = requests.find((r) => r.status === "pending");
  return (
    <section className="c-card" aria-labelledby="privacy" style={{ marginTop: "1rem" }}>
      <h2 id="privacy" style={{ marginTop: 0 }}>
        Data export and deletion
      </h2>
      {may.export ? (
        <p>
          <a href={`/api/console/customers/${customerId}/export`} download={`seed-customer-${customerId}.json`}>
            Download the customer's data (JSON)
          </a>
          <br />
          <span className="c-hint">The same document the customer downloads from their account. Downloading it is on the audit log.</span>
        </p>
      ) : null}
      {requests.length > 0 ? (
        <ul>
          {requests.map((r) => (
            <li key={r.id}>
              <Badge tone={r.status === "pending" ? "pending" : "sent"}>{r.status === "pending" ? "waiting" : "done"}</Badge> "{r.note}", recorded by {r.requestedBy} <When iso={r.requestedAt} />
              {r.processedAt ? (
                <>
                  , processed by {r.processedBy} <When iso={r.processedAt} />
                </>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p>No deletion request.</p>
      )}
      {may.erase && !erased ? (
        <Form method="post" className="c-form" style={{ marginTop: "1rem" }}>
          <label className="c-field">
            How the customer asked
            <input name="note" required maxLength={500} defaultValue={pending?.note ?? ""} />
            <span className="c-hint">For example "email of 24 November". No personal details: this note outlives the erasure.</span>
          </label>
          {/* Only "Process deletion now" reads the typed word; recording a request needs none (ADR 0075). */}
          <TypedConfirmation expected={DELETION_WORD} what="process the deletion now" />
          <div className="c-form-row">
            {pending ? null : (
              <SubmitButton name="intent" value="deletion-request" quiet>
                Record deletion request
              </SubmitButton>
            )}
            <DangerButton name="intent" value="erase">
              Process deletion now
            </DangerButton>
          </div>
          <p className="c-hint">
            Processing anonymises the customer: name, email, phone, address, sign-in methods, saved cards and newsletter go
            and every session ends. Orders and payments stay for the accounting record. It is refused while a subscription
            is active: cancel it first.
          </p>
        </Form>
      ) : null}
      {erased ? <p>This customer was erased.</p> : null}
    </section>
  );
}

import { data, Link } from "react-router";
import type { Route } from "./+types/dev-mailbox";

/** Development mailbox: every email in the outbox, newest first. A 404 in production (no mailbox in the context). */
export async function loader({ context }: Route.LoaderArgs) {
  if (!context.mailbox) throw data(null, { status: 404 });
  const emails = await context.mailbox.list();
  return {
    emails: emails.map((m) => ({
      id: m.id,
      to: m.to,
      subject: m.subject,
      template: m.template,
      status: m.status,
      attempts: m.attempts,
      createdAt: m.createdAt.toISOString(),
    })),
  };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export const meta: Route.MetaFunction = () => [{ title: "Mailbox (development) | Seed" }, { name: "robots", content: "noindex" }];

const STATUS_STYLES: Record<string, string> = {
  queued: "bg-amber-100 text-amber-900",
  sent: "bg-green-100 text-green-900",
  failed: "bg-red-100 text-red-900",
};

export function StatusBadge({ status }: { status: string }) {
  return <span className={`rounded px-2 py-0.5 text-xs font-semibold ${STATUS_STYLES[status] ?? "bg-gray-100 text-gray-900"}`}>{status}</span>;
}

export default function DevMailbox({ loaderData }: Route.ComponentProps) {
  const { emails } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="mb-2 text-2xl font-bold">Mailbox</h1>
      <p className="mb-6 text-sm text-gray-700">
        Emails the shop has queued, newest first. Without <code>SMTP_URL</code> they stay here; with it, the send-email job sends
        them. This page exists outside production only.
      </p>
      {emails.length === 0 ? (
        <p className="rounded border border-dashed border-gray-400 p-6 text-center text-gray-700">No emails yet.</p>
      ) : (
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">Emails in the outbox</caption>
          <thead>
            <tr className="border-b border-gray-300">
              <th scope="col" className="py-2 pr-4">Created</th>
              <th scope="col" className="py-2 pr-4">To</th>
              <th scope="col" className="py-2 pr-4">Subject</th>
              <th scope="col" className="py-2 pr-4">Template</th>
              <th scope="col" className="py-2 pr-4">Status</th>
            </tr>
          </thead>
          <tbody>
            {emails.map((m) => (
              <tr key={m.id} className="border-b border-gray-200 align-top" data-email-id={m.id}>
                <td className="py-2 pr-4 whitespace-nowrap">
                  <time dateTime={m.createdAt}>{m.createdAt.replace("T", " ").slice(0, 19)}</time>
                </td>
                <td className="py-2 pr-4 break-all">{m.to}</td>
                <td className="py-2 pr-4">
                  <Link className="underline" to={`/dev/mailbox/${m.id}`}>
                    {m.subject}
                  </Link>
                </td>
                <td className="py-2 pr-4">{m.template}</td>
                <td className="py-2 pr-4 whitespace-nowrap">
                  <StatusBadge status={m.status} />
                  {m.attempts > 0 ? <span className="ml-2 text-xs text-gray-700">{m.attempts} tries</span> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </main>
  );
}

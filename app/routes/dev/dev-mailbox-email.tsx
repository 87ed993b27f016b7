import { data, Link } from "react-router";
import type { Route } from "./+types/dev-mailbox-email";
import { StatusBadge } from "./dev-mailbox";

/** One email of the development mailbox: its headers, the HTML part in a sandboxed frame, and the text part. */
export async function loader({ context, params }: Route.LoaderArgs) {
  if (!context.mailbox) throw data(null, { status: 404 });
  const email = await context.mailbox.find(params.id);
  if (!email) throw data(null, { status: 404 });
  return {
    email: {
      id: email.id,
      to: email.to,
      subject: email.subject,
      text: email.text,
      html: email.html,
      template: email.template,
      idempotencyKey: email.idempotencyKey,
      status: email.status,
      attempts: email.attempts,
      lastError: email.lastError,
      createdAt: email.createdAt.toISOString(),
      sentAt: email.sentAt?.toISOString() ?? null,
    },
  };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.email.subject ?? "Email"} | Mailbox (development) | Seed` },
  { name: "robots", content: "noindex" },
];

export default function DevMailboxEmail({ loaderData }: Route.ComponentProps) {
  const { email } = loaderData;
  const fields: [string, string][] = [
    ["To", email.to],
    ["Subject", email.subject],
    ["Template", email.template],
    ["Idempotency key", email.idempotencyKey],
    ["Created", email.createdAt],
    ["Sent", email.sentAt ?? "not yet"],
    ["Attempts", String(email.attempts)],
    ...(email.lastError ? ([["Last error", email.lastError]] as [string, string][]) : []),
  ];
  return (
    <main id="main" className="mx-auto max-w-5xl px-4 py-8">
      <p className="mb-4 text-sm">
        <Link className="underline" to="/dev/mailbox">
          ← All emails
        </Link>
      </p>
      <h1 className="mb-4 text-2xl font-bold">{email.subject}</h1>
      <dl className="mb-8 grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1 text-sm">
        <dt className="font-semibold">Status</dt>
        <dd>
          <StatusBadge status={email.status} />
        </dd>
        {fields.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold">{label}</dt>
            <dd className="break-all">{value}</dd>
          </div>
        ))}
      </dl>
      <h2 className="mb-2 text-lg font-semibold">HTML part</h2>
      {/* An empty sandbox: no scripts, no forms, no same-origin access, whatever the email contains. */}
      <iframe
        title="HTML part of the email"
        sandbox=""
        referrerPolicy="no-referrer"
        srcDoc={email.html}
        className="mb-8 h-[48rem] w-full rounded border border-gray-300 bg-white"
      />
      <h2 className="mb-2 text-lg font-semibold">Text part</h2>
      <pre className="overflow-x-auto rounded border border-gray-300 bg-gray-50 p-4 text-sm whitespace-pre-wrap [overflow-wrap:anywhere]" data-testid="text-part">
        {email.text}
      </pre>
    </main>
  );
}

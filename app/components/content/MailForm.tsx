import { useId } from "react";
import { Form, useNavigation } from "react-router";
import { CONTACT_TOPICS, MAIL_FORM_SUCCESS, type MailFormKind } from "../../../domain/mail-forms";

type Field =
  | { name: string; label: string; type: "text" | "email" | "number"; required?: boolean; autoComplete?: string }
  | { name: string; label: string; type: "textarea"; required?: boolean }
  | { name: string; label: string; type: "select"; options: readonly (readonly [string, string])[]; required?: boolean };

const COUNTRIES = [
  ["US", "United States"],
  ["CA", "Canada"],
  ["GB", "United Kingdom"],
  ["AU", "Australia"],
  ["IE", "Ireland"],
  ["NZ", "New Zealand"],
  ["DE", "Germany"],
  ["FR", "France"],
] as const;

const FIELDS: Record<MailFormKind, Field[]> = {
  hcp: [
    { name: "name", label: "Full name", type: "text", required: true, autoComplete: "name" },
    { name: "email", label: "Work email", type: "email", required: true, autoComplete: "email" },
    { name: "practice", label: "Practice or clinic", type: "text", required: true, autoComplete: "organization" },
    { name: "credential", label: "Licence or registration number", type: "text", required: true },
    { name: "country", label: "Country you practise in", type: "select", options: COUNTRIES, required: true },
    { name: "message", label: "Anything we should know (optional)", type: "textarea" },
  ],
  university: [
    { name: "name", label: "Full name", type: "text", required: true, autoComplete: "name" },
    { name: "email", label: "Email", type: "email", required: true, autoComplete: "email" },
    { name: "institution", label: "School or university", type: "text", required: true, autoComplete: "organization" },
    { name: "course", label: "Course or class", type: "text", required: true },
    { name: "students", label: "Number of students (optional)", type: "number" },
    { name: "message", label: "Message (optional)", type: "textarea" },
  ],
  contact: [
    { name: "name", label: "Full name", type: "text", required: true, autoComplete: "name" },
    { name: "email", label: "Email", type: "email", required: true, autoComplete: "email" },
    { name: "topic", label: "Topic", type: "select", options: CONTACT_TOPICS.map((t) => [t, t] as const), required: true },
    { name: "orderNumber", label: "Order number (optional)", type: "text" },
    { name: "message", label: "Message", type: "textarea", required: true },
  ],
};

const TITLES: Record<MailFormKind, string> = { hcp: "Apply for a practitioner account", university: "Request group access", contact: "Write to member care" };
const SUBMIT: Record<MailFormKind, string> = { hcp: "Send application", university: "Send request", contact: "Send message" };

export type MailFormResult = { ok: true } | { ok: false; errors: Record<string, string>; message: string; values: Record<string, string> };

/**
 * One of the content site's forms. A plain POST to the page's own action: it works before JavaScript loads, and React
 * Router submits it without a reload once it has. Errors come back beside their fields.
 */
export function MailForm({ kind, result }: { kind: MailFormKind; result?: MailFormResult }) {
  const id = useId();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const failed = result && !result.ok ? result : null;
  return (
    <section className="block-section mail-form-section" aria-labelledby={`${id}-title`} id={`${kind}-form`}>
      <div className="block-section-inner">
        <h2 id={`${id}-title`} className="block-section-title">
          {TITLES[kind]}
        </h2>
        {result?.ok ? (
          <p role="status" className="mail-form-success">
            {MAIL_FORM_SUCCESS[kind]}
          </p>
        ) : (
          <Form method="post" className="mail-form" noValidate aria-describedby={failed ? `${id}-error` : undefined} preventScrollReset>
            <input type="hidden" name="form" value={kind} />
            {failed ? (
              <p id={`${id}-error`} role="alert" className="form-error">
                {failed.message}
              </p>
            ) : null}
            {FIELDS[kind].map((field) => (
              <FormField key={field.name} id={`${id}-${field.name}`} field={field} error={failed?.errors[field.name]} value={failed?.values[field.name]} />
            ))}
            <button type="submit" className="button" aria-disabled={busy || undefined}>
              {busy ? "Sending…" : SUBMIT[kind]}
            </button>
          </Form>
        )}
      </div>
    </section>
  );
}

function FormField({ id, field, error, value }: { id: string; field: Field; error?: string; value?: string }) {
  const common = {
    id,
    name: field.name,
    required: field.required,
    defaultValue: value,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : undefined,
    className: "mail-form-input",
  };
  return (
    <div className="mail-form-field">
      <label htmlFor={id} className="mail-form-label">
        {field.label}
      </label>
      {field.type === "textarea" ? (
        <textarea {...common} rows={5} maxLength={4000} />
      ) : field.type === "select" ? (
        <select {...common} defaultValue={value ?? ""}>
          <option value="" disabled>
            Choose…
          </option>
          {field.options.map(([v, label]) => (
            <option key={v} value={v}>
              {label}
            </option>
          ))}
        </select>
      ) : (
        <input {...common} type={field.type} autoComplete={field.autoComplete} inputMode={field.type === "number" ? "numeric" : undefined} />
      )}
      {error ? (
        <p id={`${id}-error`} className="mail-form-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

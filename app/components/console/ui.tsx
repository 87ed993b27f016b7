import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { formatMoney, isCurrency, type Cents } from "../../../domain/money";
import type { ActionResult } from "./errors";

export function Money({ amount, currency }: { amount: number; currency: string }) {
  return <>{isCurrency(currency) ? formatMoney({ amount: amount as Cents, currency }, "en-US") : `${amount} ${currency}`}</>;
}

const dateTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
export function When({ iso }: { iso: string | null }) {
  if (!iso) return <>-</>;
  return <time dateTime={iso}>{dateTime.format(new Date(iso))} UTC</time>;
}

export function Badge({ children, tone }: { children: ReactNode; tone?: string }) {
  return <span className={`c-badge${tone ? ` c-badge-${tone}` : ""}`}>{children}</span>;
}

/** The words an action came back with, announced to screen readers. */
export function ActionMessage({ result }: { result: ActionResult | undefined }) {
  return (
    <p role="status" aria-live="polite" className={result ? (result.ok ? "c-ok" : "c-error") : undefined}>
      {result ? (result.ok ? result.message : result.error) : null}
    </p>
  );
}

export function SubmitButton({ children, quiet, name, value }: { children: ReactNode; quiet?: boolean; name?: string; value?: string }) {
  const busy = useNavigation().state === "submitting";
  return (
    <button type="submit" className={`c-button${quiet ? " c-button-quiet" : ""}`} name={name} value={value} disabled={busy}>
      {children}
    </button>
  );
}

/** Keyset paging: "Next page" carries the cursor of the last row; the first page is one link away. */
export function Pager({ next, param = "before", keep = {} }: { next: string | null; param?: string; keep?: Record<string, string | undefined> }) {
  const query = (extra: Record<string, string>) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries({ ...keep, ...extra })) if (v) params.set(k, v);
    const text = params.toString();
    return text ? `?${text}` : "?";
  };
  return (
    <nav aria-label="Pages" className="c-form-row" style={{ marginTop: "1rem" }}>
      <Link to={query({})}>First page</Link>
      {next ? <Link to={query({ [param]: next })}>Next page</Link> : <span className="c-hint">This is the last page.</span>}
    </nav>
  );
}

export function SearchForm({ label, name, value, hint }: { label: string; name: string; value: string; hint: string }) {
  return (
    <Form method="get" className="c-form-row" role="search">
      <label className="c-field">
        {label}
        <input type="search" name={name} defaultValue={value} />
        <span className="c-hint">{hint}</span>
      </label>
      <button type="submit" className="c-button">Search</button>
    </Form>
  );
}

/** "Download as CSV" for a list, with the filters on screen; shown only to roles that may export it. */
export function CsvLink({ list, filters = {}, may }: { list: string; filters?: Record<string, string | undefined>; may: boolean }) {
  if (!may) return null;
  const query = new URLSearchParams(Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1]))).toString();
  return (
    <p className="c-export">
      <a href={`/api/console/${list}/export.csv${query ? `?${query}` : ""}`} download>
        Download this list as CSV
      </a>
    </p>
  );
}

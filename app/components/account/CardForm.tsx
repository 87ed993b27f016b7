import { useState } from "react";
import { useFetcher } from "react-router";
import { cardBrandName } from "../../../domain/payments";
import { FormAlert } from "./FormField";

interface Card {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

const digits = (v: string) => v.replace(/\D/g, "");

/**
 * Replace the saved card. The card number goes only to the payment gateway's tokenize call (the sandbox here, a
 * gateway's own script in production); the settings action receives the token. This one form needs JavaScript.
 */
export function CardForm({ card }: { card: Card | null }) {
  const fetcher = useFetcher<{ intent: string; notice?: string; result?: { error?: Record<string, string[] | null> } }>();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const answer = fetcher.data?.intent === "card" ? fetcher.data : undefined;
  const serverError = answer?.result?.error ? Object.values(answer.result.error).flat().find(Boolean) : null;

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const [month, year] = String(data.get("expiry") ?? "").split("/").map((s) => Number(digits(s)));
    if (!month || !year || month > 12) return setProblem("Please enter the expiry date as MM / YY.");
    setBusy(true);
    setProblem(null);
    try {
      const res = await fetch("/api/payments/sandbox/tokenize", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ number: digits(String(data.get("number"))), expMonth: month, expYear: year < 100 ? 2000 + year : year, cvc: digits(String(data.get("cvc"))) }),
      });
      const body = await res.json();
      if (!res.ok) return setProblem(body.message ?? "We could not read this card.");
      await fetcher.submit({ intent: "card", cardToken: body.token }, { method: "post" });
      event.currentTarget?.reset?.();
    } catch {
      setProblem("We could not reach the payment service. Please try again.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <p>{card ? `Your card: ${cardBrandName(card.brand)} ending ${card.last4}, expires ${String(card.expMonth).padStart(2, "0")}/${card.expYear}.` : "No card saved yet."}</p>
      <form className="auth-form" onSubmit={submit} aria-label="Replace card">
        <FormAlert kind="error">{problem ?? serverError}</FormAlert>
        <FormAlert kind="success">{answer?.notice}</FormAlert>
        <div className="field">
          <label className="field-label" htmlFor="card-number">Card number</label>
          <input id="card-number" name="number" className="field-input" inputMode="numeric" autoComplete="cc-number" required />
        </div>
        <div className="field-row">
          <div className="field">
            <label className="field-label" htmlFor="card-expiry">Expiry (MM / YY)</label>
            <input id="card-expiry" name="expiry" className="field-input" inputMode="numeric" autoComplete="cc-exp" placeholder="MM / YY" required />
          </div>
          <div className="field">
            <label className="field-label" htmlFor="card-cvc">Security code</label>
            <input id="card-cvc" name="cvc" className="field-input" inputMode="numeric" autoComplete="cc-csc" required />
          </div>
        </div>
        <button type="submit" className="button" disabled={busy || fetcher.state !== "idle"} aria-busy={busy || undefined}>
          {busy ? "Saving card…" : "Replace card"}
        </button>
        <noscript>
          <p className="field-hint">Replacing your card needs JavaScript, so that your card number goes straight to our payment processor.</p>
        </noscript>
      </form>
    </>
  );
}

import { useEffect, useRef, useState, type FormEvent } from "react";
import { EVENTS } from "../../../domain/event-names";
import type { NewsletterState } from "../../../domain/newsletter";
import { track } from "../../lib/analytics";

// The schema check pulls in zod: load it when the shopper reaches the field, not with every page.
const loadNewsletter = () => import("./newsletter");

export function preloadNewsletter(): void {
  void loadNewsletter();
}

/**
 * The newsletter form's states (SPEC.md section 4): idle → submitting → success for 5 s → idle, or error.
 * A ref blocks a second submit synchronously, before the "submitting" render lands.
 */
export function useNewsletterForm() {
  const [email, setEmailValue] = useState("");
  const [state, setState] = useState<NewsletterState>("idle");
  const [error, setError] = useState<string | null>(null);
  const inFlight = useRef(false);
  const successTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(successTimer.current), []);

  const fail = (message: string) => {
    inFlight.current = false;
    setError(message);
    setState("error");
  };

  const succeed = (showForMs: number) => {
    inFlight.current = false;
    setEmailValue("");
    setState("success");
    clearTimeout(successTimer.current);
    successTimer.current = setTimeout(() => setState("idle"), showForMs);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    const { checkNewsletterEmail, subscribeToNewsletter, NEWSLETTER_SUCCESS_MS } = await loadNewsletter();
    const checked = checkNewsletterEmail(email);
    if (!checked.ok) return fail(checked.message);
    setState("submitting");
    setError(null);
    const path = window.location.pathname;
    const result = await subscribeToNewsletter(checked.email, path);
    if (!result.ok) return fail(result.message);
    track(EVENTS.emailSubmitted, { email: result.email, hashedEmail: result.hashedEmail, path });
    track(EVENTS.optInChanged, { opt_in: "email", value: true, location: path });
    succeed(NEWSLETTER_SUCCESS_MS);
  };

  /** Lowercased as typed; typing again clears a shown error. */
  const setEmail = (value: string) => {
    setEmailValue(value.toLowerCase());
    if (state === "error") {
      setState("idle");
      setError(null);
    }
  };

  return { email, setEmail, state, error, submit };
}

import { useEffect, useRef, useState, type FormEvent } from "react";
import { EVENTS } from "../../../domain/analytics";
import { NEWSLETTER_SUCCESS_MS, type NewsletterState } from "../../../domain/newsletter";
import { track } from "../../lib/analytics";
import { checkNewsletterEmail, subscribeToNewsletter } from "../../lib/newsletter";

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
    setError(message);
    setState("error");
  };

  const succeed = () => {
    setEmailValue("");
    setState("success");
    clearTimeout(successTimer.current);
    successTimer.current = setTimeout(() => setState("idle"), NEWSLETTER_SUCCESS_MS);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    const checked = checkNewsletterEmail(email);
    if (!checked.ok) return fail(checked.message);
    inFlight.current = true;
    setState("submitting");
    setError(null);
    const path = window.location.pathname;
    const result = await subscribeToNewsletter(checked.email, path);
    inFlight.current = false;
    if (!result.ok) return fail(result.message);
    track(EVENTS.emailSubmitted, { email: result.email, hashedEmail: result.hashedEmail, path });
    succeed();
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

import { useEffect, useId, useState } from "react";
import { TurnstileWidget } from "./TurnstileWidget";

interface CaptchaCheckProps {
  /** Turnstile's site key (TURNSTILE_SITE_KEY), or null when the shop has no captcha service configured. */
  siteKey: string | null;
  onToken: (token: string | null) => void;
  /** Changes to this number reset the check: a solved captcha carries one try. */
  resetCount: number;
}

/**
 * The security check the server asks for after a few declined cards (docs/decisions/0026-captcha-after-declines.md):
 * Cloudflare Turnstile when a site key is configured; otherwise the shop's own stand-in, a box to tick, whose answer
 * the server accepts only while no TURNSTILE_SECRET_KEY is set (development, tests, a shop without a captcha service).
 */
export function CaptchaCheck({ siteKey, onToken, resetCount }: CaptchaCheckProps) {
  return (
    <section className="checkout-captcha-box" aria-labelledby="checkout-captcha-title">
      <h2 id="checkout-captcha-title" className="checkout-captcha-title">
        Security check
      </h2>
      <p className="checkout-captcha-note">Some card payments from this connection were declined just now, so please confirm this try is yours before we send your card to the bank.</p>
      {siteKey ? <TurnstileWidget siteKey={siteKey} onToken={onToken} resetCount={resetCount} /> : <StandInCheck onToken={onToken} resetCount={resetCount} />}
    </section>
  );
}

function StandInCheck({ onToken, resetCount }: Omit<CaptchaCheckProps, "siteKey">) {
  const id = useId();
  const [checked, setChecked] = useState(false);
  useEffect(() => {
    if (resetCount === 0) return;
    setChecked(false);
    onToken(null);
    // onToken is the parent's state setter: stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [resetCount]);
  return (
    <div className="checkout-captcha checkout-captcha--stand-in">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => {
          setChecked(event.target.checked);
          onToken(event.target.checked ? `stand-in.${crypto.randomUUID()}` : null);
        }}
      />
      <label htmlFor={id}>I am placing this order myself</label>
    </div>
  );
}

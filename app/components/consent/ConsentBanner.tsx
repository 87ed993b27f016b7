import { useEffect, useState } from "react";
import { ALL_ACCEPTED, NECESSARY_ONLY } from "../../../domain/consent";
import { consentDecided, CONSENT_UPDATED_EVENT, gpcSignal, saveConsent } from "../../lib/consent";
import { openPopup } from "../../lib/popups";
import { COOKIE_PREFERENCES_POPUP } from "../ui/popup-registry";

/**
 * The consent banner: shown until the shopper chooses (nothing beyond strictly necessary is kept or sent before).
 * Rendered after hydration only, since the choice lives in the browser. The footer's Cookie Preferences link
 * changes the choice at any time.
 */
export function ConsentBanner() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    setOpen(!consentDecided());
    const onSaved = () => setOpen(false);
    window.addEventListener(CONSENT_UPDATED_EVENT, onSaved);
    return () => window.removeEventListener(CONSENT_UPDATED_EVENT, onSaved);
  }, []);
  if (!open) return null;
  return (
    <section className="consent-banner" aria-labelledby="consent-banner-title" data-testid="consent-banner">
      <div className="consent-banner__text">
        <h2 id="consent-banner-title" className="consent-banner__title">
          Your privacy choices
        </h2>
        <p>
          We use strictly necessary cookies to run the shop. With your permission we also measure how the site is used
          and let advertising partners match your visit. Nothing beyond the necessary is kept or sent until you choose.
          {gpcSignal() && " Your browser's Global Privacy Control signal is on, so targeting and social media cookies stay off."}
        </p>
      </div>
      <div className="consent-banner__actions">
        <button type="button" className="button button--secondary" onClick={() => openPopup(COOKIE_PREFERENCES_POPUP)}>
          Cookie Preferences
        </button>
        <button type="button" className="button button--secondary" onClick={() => saveConsent(NECESSARY_ONLY)}>
          Necessary Only
        </button>
        <button type="button" className="button" onClick={() => saveConsent(ALL_ACCEPTED)}>
          Accept All
        </button>
      </div>
    </section>
  );
}

import { useEffect, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { ALL_ACCEPTED, NECESSARY_ONLY } from "../../../domain/consent";
import { consentDecided, CONSENT_UPDATED_EVENT, gpcSignal, saveConsent } from "../../lib/consent";
import { openPopup } from "../../lib/popups";
import { COOKIE_PREFERENCES_POPUP } from "../ui/popup-registry";
import { markConsentDecided, takeEarlyPress, type BannerChoice } from "./consent-first-paint";

/**
 * The consent banner: shown until the shopper chooses (nothing beyond strictly necessary is kept or sent before).
 * It is in the server's HTML of every page, so it paints with the page (ADR 0061); an inline script in <head> hides
 * it before the first paint for a shopper who already chose (./consent-first-paint.ts), and once the code runs the
 * banner leaves the page for them. The footer's Cookie Preferences link changes the choice at any time.
 *
 * It never covers anything (ADR 0050, ADR 0061): it sits in the page's flow between the header and the page, not over
 * it. Fixed over the page was ADR 0050's choice only because it appeared after hydration, when pushing the page down
 * would have moved controls under a finger; painted with the page, it can take its own room.
 */
export function ConsentBanner() {
  // Shown in the first render, as on the server: the stylesheet already hides it for a shopper who chose.
  const [open, setOpen] = useState(true);
  const gpc = useGpc();
  useEffect(() => {
    const early = takeEarlyPress();
    if (early) choose(early);
    else if (consentDecided()) markConsentDecided();
    setOpen(!consentDecided());
    const onSaved = () => {
      markConsentDecided();
      setOpen(false);
    };
    window.addEventListener(CONSENT_UPDATED_EVENT, onSaved);
    return () => window.removeEventListener(CONSENT_UPDATED_EVENT, onSaved);
  }, []);
  if (!open) return null;
  return (
    <section className="consent-banner" aria-labelledby="consent-banner-title" data-testid="consent-banner">
      <div className="consent-banner__text">
        <div className="consent-banner__head">
          <h2 id="consent-banner-title" className="consent-banner__title">
            Your privacy choices
          </h2>
          <button type="button" className="consent-banner__preferences" data-consent-choice="preferences" onClick={() => choose("preferences")}>
            Cookie Preferences
          </button>
        </div>
        <p>
          {gpc
            ? "Global Privacy Control signal is on, so ad partners get nothing. With your permission we measure visits; until you choose, only necessary cookies run."
            : "Necessary cookies run the shop. With your permission we also measure visits and let ad partners match them. Until you choose, nothing more is kept or sent."}
        </p>
      </div>
      <div className="consent-banner__actions">
        <button type="button" className="button button--secondary" data-consent-choice="necessary" onClick={() => choose("necessary")}>
          Necessary Only
        </button>
        <button type="button" className="button" data-consent-choice="all" onClick={() => choose("all")}>
          Accept All
        </button>
      </div>
    </section>
  );
}

function choose(choice: BannerChoice): void {
  if (choice === "preferences") openPopup(COOKIE_PREFERENCES_POPUP);
  else saveConsent(choice === "all" ? ALL_ACCEPTED : NECESSARY_ONLY);
}

/**
 * Global Privacy Control: the server knows it from Sec-GPC (the page cache keeps those pages apart), so the first
 * HTML says so; the browser's navigator.globalPrivacyControl is checked once the code runs.
 */
function useGpc(): boolean {
  const root = useRouteLoaderData<{ gpc?: boolean }>("root");
  const [browserGpc, setBrowserGpc] = useState(false);
  useEffect(() => setBrowserGpc(gpcSignal()), []);
  return root?.gpc === true || browserGpc;
}

import { useEffect, useRef, useState, type RefObject } from "react";
import { ALL_ACCEPTED, NECESSARY_ONLY } from "../../../domain/consent";
import { consentDecided, CONSENT_UPDATED_EVENT, gpcSignal, saveConsent } from "../../lib/consent";
import { openPopup } from "../../lib/popups";
import { COOKIE_PREFERENCES_POPUP } from "../ui/popup-registry";

/**
 * The consent banner: shown until the shopper chooses (nothing beyond strictly necessary is kept or sent before).
 * Rendered after hydration only, since the choice lives in the browser. The footer's Cookie Preferences link
 * changes the choice at any time.
 *
 * It never covers an action (ADR 0050): while it is shown, the page keeps its height free below the footer and
 * scrolling into view (Playwright's, the keyboard's, a fragment's) stops above it, through `--consent-banner-space`.
 */
export function ConsentBanner() {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    setOpen(!consentDecided());
    const onSaved = () => setOpen(false);
    window.addEventListener(CONSENT_UPDATED_EVENT, onSaved);
    return () => window.removeEventListener(CONSENT_UPDATED_EVENT, onSaved);
  }, []);
  useReservedSpace(open ? ref : null);
  if (!open) return null;
  return (
    <section ref={ref} className="consent-banner" aria-labelledby="consent-banner-title" data-testid="consent-banner">
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

/** Keeps `--consent-banner-space` on <html> at the banner's height plus its gap to the bottom edge while it is shown. */
function useReservedSpace(ref: RefObject<HTMLElement | null> | null) {
  useEffect(() => {
    const banner = ref?.current;
    if (!banner) return;
    const root = document.documentElement;
    const reserve = () => {
      const gap = window.innerHeight - banner.getBoundingClientRect().bottom;
      root.style.setProperty(SPACE, `${Math.ceil(banner.offsetHeight + Math.max(gap, 0) * 2)}px`);
    };
    reserve();
    const observer = new ResizeObserver(reserve);
    observer.observe(banner);
    window.addEventListener("resize", reserve);
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", reserve);
      root.style.removeProperty(SPACE);
    };
  }, [ref]);
}

const SPACE = "--consent-banner-space";

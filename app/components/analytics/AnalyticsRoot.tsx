import { useEffect } from "react";
import { useLocation } from "react-router";
import { captureAttribution } from "../../lib/attribution";
import { CONSENT_UPDATED_EVENT } from "../../lib/consent";
import { identify, trackPageView } from "../../lib/analytics";
import { ConsentBanner } from "../consent/ConsentBanner";
import type { ShellData } from "../layout/shell-data";

/**
 * Measurement for every page: a "Page Viewed" per location, the campaign values of the URL, who is signed in (for
 * the hashes of cart events), and the consent banner. Everything here passes the consent gate (ADR 0013).
 */
export function AnalyticsRoot({ viewer }: { viewer: ShellData["viewer"] }) {
  const { pathname, search } = useLocation();
  useEffect(() => {
    identify(viewer.signedIn ? { email: viewer.email } : null);
  }, [viewer.signedIn, viewer.email]);
  useEffect(() => {
    captureAttribution(search);
    void trackPageView(pathname);
  }, [pathname, search]);
  useEffect(() => {
    const onConsent = () => captureAttribution();
    window.addEventListener(CONSENT_UPDATED_EVENT, onConsent);
    return () => window.removeEventListener(CONSENT_UPDATED_EVENT, onConsent);
  }, []);
  return <ConsentBanner />;
}

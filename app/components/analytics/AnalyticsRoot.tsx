import { useEffect } from "react";
import { useLocation } from "react-router";
import { captureAttribution } from "../../lib/attribution";
import { CONSENT_UPDATED_EVENT } from "../../lib/consent";
import { identify, track, trackPageView } from "../../lib/analytics";
import { installErrorReporting } from "../../lib/error-reporting";
import { EVENTS } from "../../../domain/event-names";
import { experimentNamed } from "../../../domain/experiments";
import { ConsentBanner } from "../consent/ConsentBanner";
import type { ShellData } from "../layout/shell-data";

/**
 * Measurement for every page: a "Page Viewed" per location, the campaign values of the URL, who is signed in (for
 * the hashes of cart events), and the consent banner. Everything here passes the consent gate (ADR 0013).
 */
export function AnalyticsRoot({ viewer }: { viewer: ShellData["viewer"] }) {
  const { pathname, search } = useLocation();
  useEffect(() => installErrorReporting(), []);
  useEffect(() => {
    identify(viewer.signedIn ? { email: viewer.email } : null);
  }, [viewer.signedIn, viewer.email]);
  // "Experiment Viewed" for the analytics destination: a signed-in member sees the shell of their variant of each
  // running experiment. The console's numbers come from the server's own record of that exposure (ADR 0056).
  const exposures = Object.entries(viewer.experiments).filter(([name]) => experimentNamed(name)).map(([name, variant]) => `${name}=${variant}`).join(",");
  useEffect(() => {
    for (const pair of exposures ? exposures.split(",") : []) {
      const [experiment, variant] = pair.split("=");
      if (experiment && variant && /^[a-z0-9_]{1,64}$/.test(variant)) trackExposure(experiment, variant);
    }
  }, [exposures]);
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

/** One "Experiment Viewed" per experiment and variant per page load. */
const exposed = new Set<string>();
function trackExposure(experiment: string, variant: string) {
  const key = `${experiment}=${variant}`;
  if (exposed.has(key)) return;
  exposed.add(key);
  track(EVENTS.experimentViewed, { experiment, variant });
}

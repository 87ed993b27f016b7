import { EVENTS } from "../../domain/event-names";
import { track } from "./analytics";

/**
 * The signed-in member's variant of an experiment (PUT {provider}/account/user-experiment/{name}): assigned on the
 * server by hashing their id with the name, and kept. The "Experiment Viewed" sent here is for the analytics
 * destination; the console counts the exposure the server records when a page serves the variant (ADR 0056). On
 * failure: 'Error fetching experiment' is logged and null returned, so the caller shows the control.
 */
export async function fetchExperiment(providerBase: string, name: string, fetcher: typeof fetch = fetch): Promise<string | null> {
  try {
    const res = await fetcher(`${providerBase}/account/user-experiment/${encodeURIComponent(name)}`, {
      method: "PUT",
      credentials: "include",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    if (!res.ok) throw new Error(`status ${res.status}`);
    const { variant, inExperiment } = (await res.json()) as { variant: string; inExperiment: boolean };
    if (inExperiment) track(EVENTS.experimentViewed, { experiment: name, variant });
    return variant;
  } catch (error) {
    console.error("Error fetching experiment", error);
    return null;
  }
}

import type { Env } from "../../env";

/** One stored event as the destinations receive it. */
export interface OutgoingEvent {
  id: number;
  name: string;
  properties: Record<string, unknown>;
  path: string | null;
  anonymousId: string | null;
  userId: string | null;
  messageId: string | null;
  createdAt: Date;
}

export interface Destination {
  name: "segment" | "posthog";
  send(events: OutgoingEvent[]): Promise<void>;
}

export class DestinationError extends Error {}

const TIMEOUT_MS = 10_000;

/** The configured destination, or null: without ANALYTICS_DESTINATION events stay in the shop's database only. */
export function destinationFrom(env: Pick<Env, "ANALYTICS_DESTINATION" | "ANALYTICS_DESTINATION_URL" | "ANALYTICS_WRITE_KEY">, fetcher: typeof fetch = fetch): Destination | null {
  const { ANALYTICS_DESTINATION: kind, ANALYTICS_DESTINATION_URL: base, ANALYTICS_WRITE_KEY: key } = env;
  if (!kind || !base || !key) return null;
  const url = (path: string) => new URL(path, base.endsWith("/") ? base : `${base}/`).toString();
  const post = async (target: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await fetcher(target, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) throw new DestinationError(`${kind} answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
  };
  // Each event's stored id as its message id when the browser gave none, so the service drops a resent duplicate.
  const messageId = (e: OutgoingEvent) => e.messageId ?? `seed-event-${e.id}`;
  const distinctId = (e: OutgoingEvent) => e.userId ?? e.anonymousId ?? messageId(e);
  if (kind === "segment") {
    // Segment's HTTP tracking API: POST /v1/batch, the write key as the Basic user name.
    const auth = `Basic ${Buffer.from(`${key}:`).toString("base64")}`;
    return {
      name: kind,
      send: (events) =>
        post(
          url("v1/batch"),
          {
            batch: events.map((e) => ({
              type: "track",
              event: e.name,
              properties: e.properties,
              ...(e.userId ? { userId: e.userId } : {}),
              anonymousId: e.anonymousId ?? messageId(e),
              messageId: messageId(e),
              timestamp: e.createdAt.toISOString(),
              context: { page: { path: e.path } },
            })),
          },
          { Authorization: auth },
        ),
    };
  }
  // PostHog's capture API: POST /batch/ with the project key in the body.
  return {
    name: kind,
    send: (events) =>
      post(url("batch/"), {
        api_key: key,
        batch: events.map((e) => ({
          event: e.name,
          uuid: e.messageId ?? undefined,
          timestamp: e.createdAt.toISOString(),
          properties: { ...e.properties, distinct_id: distinctId(e), $current_url: e.path ?? undefined, $insert_id: messageId(e) },
        })),
      }),
  };
}

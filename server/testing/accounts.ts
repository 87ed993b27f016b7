import { desc, eq } from "drizzle-orm";
import type { createApp } from "../app";
import { emailOutbox } from "../db/schema";
import { dbOf, type Shop } from "../shop";

/** Helpers for account tests that go through the real HTTP flows (register, mail, links) of a test shop's app. */
export type TestApp = ReturnType<typeof createApp>;

export const JSON_HEADERS = { "content-type": "application/json" };

/** Requests from a given client address (the throttle counts the socket's address). */
export function requester(app: TestApp, ip = "127.0.0.1", shop?: { clock: { advance(ms: number): void } }) {
  const env = { incoming: { socket: { remoteAddress: ip } } };
  const send = (method: string, path: string, body?: unknown, cookie?: string, headers: Record<string, string> = {}) => {
    // One millisecond per request keeps "the newest email" well defined under the fixed test clock.
    shop?.clock.advance(1);
    return app.request(
      path,
      { method, body: body === undefined ? undefined : JSON.stringify(body), headers: { ...(body === undefined ? {} : JSON_HEADERS), ...(cookie ? { cookie } : {}), ...headers } },
      env,
    );
  };
  return {
    get: (path: string, cookie?: string, headers?: Record<string, string>) => send("GET", path, undefined, cookie, headers),
    post: (path: string, body: unknown, cookie?: string, headers?: Record<string, string>) => send("POST", path, body, cookie, headers),
    put: (path: string, body: unknown, cookie?: string) => send("PUT", path, body, cookie),
    del: (path: string, cookie?: string) => send("DELETE", path, undefined, cookie),
  };
}

/** The newest email to an address, and the first link or 6-digit code in it. */
export async function lastEmailTo(shop: Shop, to: string) {
  const [row] = await dbOf(shop).select().from(emailOutbox).where(eq(emailOutbox.to, to)).orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id)).limit(1);
  if (!row) throw new Error(`no email to ${to}`);
  const link = row.text.match(/https?:\/\/\S+/)?.[0] ?? null;
  const code = row.text.match(/Your code: (\d{6})/)?.[1] ?? null;
  return { ...row, link, code };
}

export const tokenOf = (link: string | null, param = "token") => {
  if (!link) throw new Error("no link in the email");
  const url = new URL(link);
  return url.searchParams.get(param) ?? url.pathname.split("/").pop()!;
};

/** The seed_jwt cookie a response set, as a Cookie header value. */
export function sessionCookieOf(res: Response): string {
  const set = res.headers.getSetCookie().find((c) => c.startsWith("seed_jwt="));
  if (!set) throw new Error("no seed_jwt cookie set");
  return set.split(";")[0]!;
}

import { describe, expect, it } from "vitest";
import { MESSAGES } from "../../../domain/validation";
import { checkNewsletterEmail, NEWSLETTER_FAILED_MESSAGE, readNewsletterAnswer, subscribeToNewsletter } from "./newsletter";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

describe("checkNewsletterEmail", () => {
  it("trims and lowercases a valid email", () => {
    expect(checkNewsletterEmail("  Ada@Example.COM ")).toEqual({ ok: true, email: "ada@example.com" });
  });

  it.each(["", "ada", "ada@", "ada@example", "a..b@example.com"])("rejects %j with the catalogue message", (value) => {
    expect(checkNewsletterEmail(value)).toEqual({ ok: false, message: MESSAGES.invalidEmail });
  });
});

describe("readNewsletterAnswer", () => {
  it("returns the hashed email of a 200", async () => {
    expect(await readNewsletterAnswer("a@b.co", json(200, { hashedEmail: "abc" }))).toEqual({
      ok: true,
      email: "a@b.co",
      hashedEmail: "abc",
    });
  });

  it("maps a 400 to the invalid-email message", async () => {
    expect(await readNewsletterAnswer("a@b.co", json(400, { code: "BAD" }))).toEqual({ ok: false, message: MESSAGES.invalidEmail });
  });

  it("maps a server failure or a malformed body to the generic failure", async () => {
    expect(await readNewsletterAnswer("a@b.co", json(500, {}))).toEqual({ ok: false, message: NEWSLETTER_FAILED_MESSAGE });
    expect(await readNewsletterAnswer("a@b.co", json(200, { nope: 1 }))).toEqual({ ok: false, message: NEWSLETTER_FAILED_MESSAGE });
  });
});

describe("subscribeToNewsletter", () => {
  it("posts the email and path as JSON", async () => {
    let sent: RequestInit | undefined;
    const fetcher = (async (_url: string, init?: RequestInit) => {
      sent = init;
      return json(200, { hashedEmail: "h" });
    }) as typeof fetch;
    await subscribeToNewsletter("a@b.co", "/science", fetcher);
    expect(sent?.method).toBe("POST");
    expect(JSON.parse(String(sent?.body))).toEqual({ email: "a@b.co", path: "/science" });
  });

  it("turns a network failure into an error result", async () => {
    const fetcher = (async () => {
      throw new TypeError("offline");
    }) as typeof fetch;
    expect(await subscribeToNewsletter("a@b.co", "/", fetcher)).toEqual({ ok: false, message: NEWSLETTER_FAILED_MESSAGE });
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app";
import { listOutbox } from "../email";
import { RATE_LIMIT_DEFAULTS } from "../rate-limit";
import { openTestShop, testDriver, testEnv, type TestShop } from "../../testing/test-shop";
import { submitMailForm } from "./submit";

const hcp = { name: "Dr. Ada Moss", email: "Ada@Clinic.example", practice: "Moss Family Practice", credential: "MD-55120", country: "us", message: "<b>Hello</b>" };

describe(`mail forms (${testDriver()})`, () => {
  let shop: TestShop;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    shop = await openTestShop();
    app = createApp(shop);
  });
  afterAll(() => shop.cleanup());

  // The client is the socket's peer (no proxy is trusted in tests: issue 10), so each test sender has its own socket address.
  const post = (path: string, body: unknown, ip = "203.0.113.9") =>
    app.request(
      `http://shop.test/api/mail/${path}`,
      { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json", Origin: "http://shop.test" } },
      { incoming: { socket: { remoteAddress: ip } } },
    );

  it("POST /api/mail/hcp stores the application, emails the medical team and acknowledges the sender", async () => {
    const res = await post("hcp", hcp);
    expect(res.status).toBe(200);
    const { id } = await res.json();
    const emails = (await listOutbox(shop)).filter((e) => e.idempotencyKey?.startsWith(`form:${id}:`));
    const team = emails.find((e) => e.to === "hcp@seed.example")!;
    const ack = emails.find((e) => e.to === "ada@clinic.example")!;
    expect(team.subject).toBe("New practitioner application from Dr. Ada Moss");
    expect(ack.subject).toBe("We received your practitioner application");
    const [teamBody, ackBody] = await Promise.all([team, ack].map(async (e) => (await shop.database.executeSql("select html, text from email_outbox where id = $1", [e.id])).rows[0]));
    // The team reads what the sender typed, escaped in the HTML, never markup.
    expect(teamBody.html).toContain("&lt;b&gt;Hello&lt;/b&gt;");
    expect(teamBody.html).not.toContain("<b>Hello");
    expect(teamBody.text).toContain("Country: US");
    // The sender's acknowledgement goes to any typed address, so it carries none of what was typed (issue 33).
    for (const typed of ["Hello</b>", "Hello&lt;/b&gt;", "Ada Moss", "Moss Family Practice", "MD-55120"]) {
      expect(ackBody.html).not.toContain(typed);
      expect(ackBody.text).not.toContain(typed);
    }
    expect(ackBody.text).toContain("Our medical team reviews every application");
  });

  it("POST /api/mail/university and /api/mail/contact go to their teams", async () => {
    const uni = await post("university", { name: "Sam Lee", email: "sam@uni.example", institution: "State University", course: "Microbiology 101", students: 40 }, "203.0.113.10");
    expect(uni.status).toBe(200);
    const contact = await post("contact", { name: "Kim", email: "kim@example.com", topic: "My subscription", message: "Please move my date." }, "203.0.113.10");
    expect(contact.status).toBe(200);
    const tos = (await listOutbox(shop)).map((e) => e.to);
    expect(tos).toEqual(expect.arrayContaining(["university@seed.example", "sam@uni.example", "care@seed.example", "kim@example.com"]));
  });

  it("an empty optional number from a form post counts as not given", async () => {
    await expect(submitMailForm(shop, "university", { name: "Ria", email: "ria@uni.example", institution: "U", course: "C", students: "", message: "" }, "203.0.113.40")).resolves.toMatchObject({ id: expect.any(String) });
  });

  it("bad input is a 400 {code, message} and stores nothing", async () => {
    const before = (await listOutbox(shop)).length;
    const badLines = [{ ...hcp, name: "Ada\r\nBcc: x@evil.example" }, { ...hcp, name: "Ada\nMoss" }, { ...hcp, practice: "A\u2028B" }, { ...hcp, credential: "MD\u0007" }];
    for (const body of [{}, { ...hcp, email: "not-an-email" }, { ...hcp, country: "Narnia" }, { ...hcp, name: "" }, { ...hcp, name: "x".repeat(500) }, { ...hcp, message: "a\u0000b" }, ...badLines]) {
      const res = await post("hcp", body, "203.0.113.11");
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(await res.json()).toMatchObject({ code: "VALIDATION_ERROR", message: expect.any(String) });
    }
    const topic = await post("contact", { name: "Kim", email: "kim@example.com", topic: "Free money", message: "x" }, "203.0.113.11");
    expect(topic.status).toBe(400);
    expect((await listOutbox(shop)).length).toBe(before);
  });

  const FORMS_PER_HOUR = RATE_LIMIT_DEFAULTS["mail-forms-per-address"].limit;
  const loop = (message: string) => ({ name: "Loop", email: "loop@example.com", topic: "Something else", message });

  it(`with the shop's limits on, a sender may send ${FORMS_PER_HOUR} forms an hour (the named limit mail-forms-per-address); the next is 429 with Retry-After, and an hour later they may again`, async () => {
    const limited = { ...shop, env: testEnv({ RATE_LIMITS: "on" }) };
    const limitedApp = createApp(limited);
    // Forms that fail validation are not counted: a person correcting a field never meets the limit.
    for (let i = 0; i < 8; i++) await expect(submitMailForm(limited, "contact", { ...loop("x"), email: "not-an-email" }, "198.51.100.7")).rejects.toThrow();
    for (let i = 0; i < FORMS_PER_HOUR; i++) await submitMailForm(limited, "contact", loop(`#${i}`), "198.51.100.7");
    await expect(submitMailForm(limited, "contact", loop("again"), "198.51.100.7")).rejects.toMatchObject({ code: "RATE_LIMITED", retryAfterSeconds: expect.any(Number) });
    const res = await limitedApp.request(
      "http://shop.test/api/mail/contact",
      { method: "POST", body: JSON.stringify(loop("api")), headers: { "Content-Type": "application/json", Origin: "http://shop.test" } },
      { incoming: { socket: { remoteAddress: "198.51.100.7" } } },
    );
    expect(res.status).toBe(429);
    expect(await res.json()).toMatchObject({ code: "RATE_LIMITED" });
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another sender is not held back.
    await expect(submitMailForm(limited, "contact", loop("other"), "198.51.100.8")).resolves.toMatchObject({ id: expect.any(String) });
    shop.clock.advance(2 * 60 * 60 * 1000);
    await expect(submitMailForm(limited, "contact", loop("later"), "198.51.100.7")).resolves.toMatchObject({ id: expect.any(String) });
  });

  it("RATE_LIMITS=off lifts the form limit with every other limit (benchmarks, load tests)", async () => {
    for (let i = 0; i <= FORMS_PER_HOUR + 1; i++) await expect(submitMailForm(shop, "contact", loop(`off #${i}`), "198.51.100.9")).resolves.toMatchObject({ id: expect.any(String) });
  });

  it("the JSON API refuses a form-encoded post (a cross-site form cannot send JSON without a CORS preflight we never grant)", async () => {
    const form = await app.request("http://shop.test/api/mail/hcp", { method: "POST", body: "name=x", headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example" } });
    expect([403, 415]).toContain(form.status);
  });
});

import { and, desc, eq, gt } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as emailPage from "../../app/routes/console/email";
import * as emailsPage from "../../app/routes/console/emails";
import { createApp } from "../../server/app";
import { auditLog, emailOutbox } from "../../server/db/schema";
import { consoleService } from "../../server/http/console";
import { findOrCreateCustomer } from "../../server/modules/customers";
import { readStaffSession } from "../../server/modules/staff";
import { dbOf } from "../../server/shop";
import { lastEmailTo, requester, sessionCookieOf, tokenOf } from "../../server/testing/accounts";
import { createTestStaff, signInTestStaff } from "../../server/testing/console-staff";
import { seedSubscriptions } from "../../server/testing/subscriptions";
import { openTestShop, testDriver, type TestShop } from "../../server/testing/test-shop";

/**
 * Issue 33, point 3: support staff could sign in as any customer. The console's email list (emails.read) showed the
 * subject "619988 is your Seed sign-in code", and the outbox rows behind it carried magic, reset, verification and
 * cancel links. Now every console view of an email (list, detail, CSV export, the pages' data) and the audit log show
 * that an email went out, to whom, what kind and when, and none of its codes or links (ADR 0055); opening one is
 * audited, and staff send an email again without seeing it. Failed before the change: the list showed the code.
 */
const P = "/provider";

interface Sent {
  id: string;
  to: string;
  template: string;
  /** The code, the link and the token inside it: none may reach staff. */
  secrets: string[];
}

describe(`staff never see a customer's codes or links (${testDriver()})`, () => {
  let shop: TestShop;
  let app: ReturnType<typeof createApp>;
  let support: { email: string; cookie: string };
  let owner: string;
  let content: string;
  let finance: string;
  const sent: Sent[] = [];

  const consoleGet = (path: string, cookie = support.cookie) => app.request(`/api/console${path}`, { headers: { Cookie: cookie } });
  const consolePost = (path: string, body: unknown, cookie = support.cookie) =>
    app.request(`/api/console${path}`, { method: "POST", headers: { Cookie: cookie, "Content-Type": "application/json" }, body: JSON.stringify(body) });

  /** The newest email to an address, with what in it would let a reader act as the customer. */
  async function record(to: string, param = "token"): Promise<Sent> {
    const email = await lastEmailTo(shop, to);
    const secrets = email.code ? [email.code] : [email.link!, tokenOf(email.link, param)];
    const entry = { id: email.id, to, template: email.template, secrets };
    sent.push(entry);
    return entry;
  }

  const expectNoSecret = (text: string, where: string) => {
    for (const s of sent) for (const secret of s.secrets) expect(text.includes(secret), `${where} shows ${s.template}'s secret`).toBe(false);
  };

  beforeAll(async () => {
    shop = await openTestShop({ env: { PUBLIC_URL: "http://localhost", RATE_LIMITS: "on" } });
    app = createApp(shop);
    const staff = await createTestStaff(shop, "support");
    support = { email: staff.email, cookie: await signInTestStaff(app, shop, staff) };
    owner = await signInTestStaff(app, shop, await createTestStaff(shop, "owner"));
    content = await signInTestStaff(app, shop, await createTestStaff(shop, "content"));
    finance = await signInTestStaff(app, shop, await createTestStaff(shop, "finance"));

    // Customers asking for everything that signs in or proves an address, each from their own address.
    const alice = requester(app, "192.0.2.1", shop);
    await alice.post("/api/auth/register", { email: "alice@example.com", password: "member-pass" });
    const verify = await record("alice@example.com");
    await alice.get(new URL(verify.secrets[0]!).pathname);
    const cookie = sessionCookieOf(await alice.post(`${P}/account/login`, { email: "alice@example.com", password: "member-pass" }));
    await alice.put("/api/user", { firstName: "Alice", lastName: "A", email: "alice-new@example.com" }, cookie);
    await record("alice-new@example.com", "confirmEmail");

    await findOrCreateCustomer(shop, "bob@example.com");
    await requester(app, "192.0.2.2", shop).post("/api/mail/code", { email: "bob@example.com" });
    await record("bob@example.com");
    await findOrCreateCustomer(shop, "carol@example.com");
    await requester(app, "192.0.2.3", shop).post("/api/mail/magic", { email: "carol@example.com" });
    await record("carol@example.com", "magic");
    await findOrCreateCustomer(shop, "guest@example.com");
    await requester(app, "192.0.2.4", shop).post(`${P}/account/recover`, { email: "guest@example.com" });
    await record("guest@example.com");
    await requester(app, "192.0.2.5", shop).post(`${P}/account/recover`, { email: "alice@example.com" });
    await record("alice@example.com");
    const [member] = await seedSubscriptions(shop, { count: 1, nextBillingAt: new Date(shop.clock.now().getTime() + 20 * 86_400_000) });
    await requester(app, "192.0.2.6", shop).post("/api/subscription/cancel-link", { email: member!.email });
    await record(member!.email);
  }, 120_000);
  afterAll(() => shop.cleanup());

  it("asked for a code, a magic link, a reset, a set-password, a verification, an email change and a cancel link", () => {
    expect(sent.map((s) => s.template).sort()).toEqual(
      ["account-change_email", "account-login_code", "account-magic_link", "account-reset_password", "account-set_password", "account-verify", "subscription-cancel-link"].sort(),
    );
    expect(sent.find((s) => s.template === "account-login_code")!.secrets[0]).toMatch(/^\d{6}$/);
  });

  it("the list shows each email was sent (to, kind, time, status), and none of its codes or links", async () => {
    const res = await consoleGet("/emails?limit=200");
    expect(res.status).toBe(200);
    const body = await res.text();
    expectNoSecret(body, "the list");
    const rows = (JSON.parse(body) as { rows: { id: string; to: string; template: string; status: string; createdAt: string; subject: string }[] }).rows;
    for (const s of sent) expect(rows.find((r) => r.id === s.id), s.template).toMatchObject({ to: s.to, template: s.template, status: expect.any(String), createdAt: expect.any(String) });
    expect(rows.find((r) => r.template === "account-login_code")!.subject).toBe("[code hidden] is your Seed sign-in code");
  });

  it("the detail shows the email with its codes and links hidden, and opening it is on the audit record", async () => {
    for (const s of sent) {
      const since = shop.clock.now();
      shop.clock.advance(1_000);
      const res = await consoleGet(`/emails/${s.id}`);
      expect(res.status, s.template).toBe(200);
      const body = await res.text();
      expectNoSecret(body, `the detail of ${s.template}`);
      expect(JSON.parse(body)).toMatchObject({ id: s.id, to: s.to, template: s.template, text: expect.stringMatching(/\[(link|code) hidden\]/) });
      const entries = await dbOf(shop).select().from(auditLog).where(and(eq(auditLog.targetId, s.id), gt(auditLog.createdAt, since)));
      expect(entries, s.template).toHaveLength(1);
      expect(entries[0]).toMatchObject({ action: "emails.open", staffEmail: support.email, targetType: "email" });
    }
  });

  it("the CSV export shows the emails and none of their secrets", async () => {
    const res = await consoleGet("/emails/export.csv");
    expect(res.status).toBe(200);
    const csv = await res.text();
    expectNoSecret(csv, "the CSV export");
    for (const s of sent) expect(csv).toContain(s.id);
  });

  it("the console pages' data (list and detail) carry no secret either", async () => {
    const staff = (await readStaffSession(shop, support.cookie.split("=")[1]))!;
    const context = { console: { service: () => consoleService(shop, staff) } };
    const list = await emailsPage.loader({ context, request: new Request("http://localhost/console/emails"), params: {} } as never);
    expectNoSecret(JSON.stringify(list), "the emails page");
    for (const s of sent) {
      const detail = await emailPage.loader({ context, request: new Request(`http://localhost/console/emails/${s.id}`), params: { id: s.id } } as never);
      const data = JSON.stringify(detail);
      expectNoSecret(data, `the email page of ${s.template}`);
      expect(data).toContain(s.to);
    }
  });

  it("a sign-in email is sent again as a fresh code the customer receives and staff do not see; audited", async () => {
    const code = sent.find((s) => s.template === "account-login_code")!;
    const res = await consolePost(`/emails/${code.id}/resend`, {});
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(JSON.parse(body)).toEqual({ emailId: null, fresh: true });
    const fresh = await lastEmailTo(shop, "bob@example.com");
    expect(fresh.id).not.toBe(code.id);
    expect(fresh.template).toBe("account-login_code");
    expect(fresh.code).toMatch(/^\d{6}$/);
    expect(body).not.toContain(fresh.code!);
    const [entry] = await dbOf(shop).select().from(auditLog).where(eq(auditLog.action, "emails.resend")).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ staffEmail: support.email, targetType: "email", targetId: code.id });
  });

  it("any other email is queued again as a new row to the same recipient, throttled per recipient", async () => {
    const cancel = sent.find((s) => s.template === "subscription-cancel-link")!;
    const res = await consolePost(`/emails/${cancel.id}/resend`, {});
    expect(res.status).toBe(200);
    const { emailId, fresh } = (await res.json()) as { emailId: string; fresh: boolean };
    expect(fresh).toBe(false);
    const [original] = await dbOf(shop).select().from(emailOutbox).where(eq(emailOutbox.id, cancel.id));
    const [copy] = await dbOf(shop).select().from(emailOutbox).where(eq(emailOutbox.id, emailId));
    expect(copy).toMatchObject({ to: original!.to, subject: original!.subject, text: original!.text, template: original!.template });
    expect((await consolePost(`/emails/${cancel.id}/resend`, {})).status).toBe(200);
    expect((await consolePost(`/emails/${cancel.id}/resend`, {})).status).toBe(200);
    const refused = await consolePost(`/emails/${cancel.id}/resend`, {});
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: "RATE_LIMITED", message: expect.any(String) });
  });

  it("roles without the permission are refused, and bad ids answer 4xx with a code", async () => {
    const id = sent[0]!.id;
    const before = (await dbOf(shop).select().from(auditLog)).length;
    for (const cookie of [content, finance]) {
      for (const res of [await consoleGet(`/emails/${id}`, cookie), await consolePost(`/emails/${id}/resend`, {}, cookie), await consoleGet("/emails", cookie)]) {
        expect(res.status).toBe(403);
        expect(await res.json()).toMatchObject({ code: "FORBIDDEN" });
      }
    }
    expect((await dbOf(shop).select().from(auditLog)).length).toBe(before);
    for (const [path, status] of [["/emails/not-an-id", 400], ["/emails/00000000-0000-4000-8000-000000000000", 404]] as const) {
      const res = await consoleGet(path, owner);
      expect(res.status, path).toBe(status);
      expect(await res.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
  });

  it("the audit log, as its readers see it, holds no secret", async () => {
    const res = await consoleGet("/audit?limit=200", owner);
    expect(res.status).toBe(200);
    expectNoSecret(await res.text(), "the audit log");
    const csv = await consoleGet("/audit/export.csv", owner);
    expect(csv.status).toBe(200);
    expectNoSecret(await csv.text(), "the audit CSV");
  });
});

import { describe, expect, it } from "vitest";
import { renderAccountEmail, type AccountEmailKind } from "./account-emails";

const KINDS: AccountEmailKind[] = ["verify", "set_password", "magic_link", "reset_password", "change_email", "already_registered"];

describe("account emails", () => {
  it.each(KINDS)("%s carries its link in the text and the HTML, escaped", (kind) => {
    const url = 'https://shop.example/recover?token=abc&kind="set"';
    const mail = renderAccountEmail(kind, { url });
    expect(mail.subject.length).toBeGreaterThan(5);
    expect(mail.text).toContain(url);
    expect(mail.html).toContain("token=abc&amp;kind=&quot;set&quot;");
    expect(mail.html).not.toContain('"set"');
  });
  it("the code email shows the code and no link", () => {
    const mail = renderAccountEmail("login_code", { code: "042917" });
    expect(mail.subject).toBe("042917 is your Seed sign-in code");
    expect(mail.text).toContain("Your code: 042917");
    expect(mail.text).not.toMatch(/https?:/);
  });
});

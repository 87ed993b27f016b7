import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { emailMatchHash, matchHashes, normaliseCity, normaliseEmailForHash, normaliseName, normalisePhone, normaliseState, normaliseZip, sha256Hex } from "./ad-hashes";

const nodeSha = (s: string) => createHash("sha256").update(s).digest("hex");

describe("normalisation (SPEC.md section 5)", () => {
  it.each([
    ["Mary-Jane", "maryjane"],
    ["  O'Brien ", "obrien"],
    ["José", "jose"],
    ["Anne Marie 2nd", "annemariend"],
    ["ÉLODIE", "elodie"],
  ])("name %j becomes %j (lowercase letters only)", (input, expected) => expect(normaliseName(input)).toBe(expected));

  it.each([
    ["San Francisco", "sanfrancisco"],
    ["St. Louis", "stlouis"],
    ["Winston-Salem", "winstonsalem"],
  ])("city %j becomes %j", (input, expected) => expect(normaliseCity(input)).toBe(expected));

  it.each([
    ["  Jane.Doe@Example.COM ", "jane.doe@example.com"],
    ["a+tag@b.co", "a+tag@b.co"],
  ])("email %j becomes %j (trimmed, lowercase)", (input, expected) => expect(normaliseEmailForHash(input)).toBe(expected));

  it.each([
    ["(415) 555-0123", "4155550123"],
    ["+1 415 555 0123", "14155550123"],
    ["004155550123", "4155550123"],
    ["0", ""],
    ["", ""],
  ])("phone %j becomes %j (digits, no leading zeros)", (input, expected) => expect(normalisePhone(input)).toBe(expected));

  it("prefixes 1 to a phone that does not start with 1 to 9 once its zeros are gone", () => {
    // Only digits and no leading zero remain, so the first digit is always 1-9; the prefix rule never fires on
    // numbers, and normalisePhone keeps whatever starts with 1-9 as it is.
    expect(normalisePhone("1-800-555-0199")).toBe("18005550199");
  });

  it.each([
    ["94103-1234", "94103"],
    ["941 03", "94103"],
    ["SW1A 1AA", "sw1a1"],
    ["123", "123"],
  ])("zip %j becomes %j (first five, lowercase, no spaces or dashes)", (input, expected) => expect(normaliseZip(input)).toBe(expected));

  it.each([
    ["California", "ca"],
    ["CA", "ca"],
    ["new york", "ny"],
    ["District of Columbia", "dc"],
    ["Ontario", "ontario"],
  ])("state %j becomes %j (two-letter code for US states)", (input, expected) => expect(normaliseState(input)).toBe(expected));
});

describe("hashes", () => {
  it("are the SHA-256 hex of the normalised value, as node:crypto computes it", async () => {
    expect(await sha256Hex("jane.doe@example.com")).toBe(nodeSha("jane.doe@example.com"));
    const hashes = await matchHashes({ firstName: " Jane ", email: " Jane.Doe@Example.com", phone: "(415) 555-0123", zipCode: "94103-1234", city: "San Francisco", state: "California", lastName: "" });
    expect(hashes).toEqual({
      hashedFirstName: nodeSha("jane"),
      hashedEmail: nodeSha("jane.doe@example.com"),
      hashedPhone: nodeSha("4155550123"),
      hashedZipCode: nodeSha("94103"),
      hashedCity: nodeSha("sanfrancisco"),
      hashedState: nodeSha("ca"),
    });
  });
  it("one email hash for the newsletter and the match hashes: trimmed, lowercased, SHA-256", async () => {
    expect(await emailMatchHash("  News.Letter@Example.COM ")).toBe(nodeSha("news.letter@example.com"));
    expect(await emailMatchHash("a@b.co")).toBe((await matchHashes({ email: "A@B.co" })).hashedEmail);
  });
  it("leave out fields that normalise to nothing", async () => {
    expect(await matchHashes({ firstName: "123", phone: "000" })).toEqual({});
  });
});

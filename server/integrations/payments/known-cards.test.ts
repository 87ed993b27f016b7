import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestShop, testDriver, type TestShop } from "../../testing/test-shop";
import { gatewayOf } from "./index";
import { knownCard, rememberCard } from "./known-cards";
import { sandboxCardFingerprint, tokenizeCard } from "./sandbox";

const CARD = { brand: "visa", last4: "4242", expMonth: 12, expYear: 2035 };

describe(`the cards behind tokens, kept in memory (${testDriver()})`, () => {
  let shop: TestShop;
  let statements: string[] = [];
  beforeAll(async () => {
    shop = await openTestShop({ onQuery: (sql) => statements.push(sql) });
  });
  afterAll(() => shop.cleanup());

  it("a token tokenised here is described without a statement; one made elsewhere is read once, then kept", async () => {
    const { token } = await tokenizeCard(shop, { number: "4242424242424242", expMonth: 12, expYear: 2035, cvc: "123" });
    // The gateway's fingerprint of the number comes with it (ADR 0036 addendum): the number itself is not kept.
    const described = { ...CARD, fingerprint: sandboxCardFingerprint(shop.env.SESSION_SECRET, "4242424242424242") };
    statements = [];
    expect(await gatewayOf(shop).describe(token)).toEqual(described);
    expect(statements).toEqual([]);

    // Another shop on the same database (as another process would be) knows nothing yet: it reads the token once.
    const other = { ...shop };
    statements = [];
    expect(await gatewayOf(other).describe(token)).toEqual(described);
    expect(await gatewayOf(other).describe(token)).toEqual(described);
    expect(statements.filter((s) => s.includes("sandbox_tokens"))).toHaveLength(1);
  });

  it("a token the gateway does not know is asked again each time, never kept as unknown", async () => {
    let asked = 0;
    const ask = async () => (++asked === 1 ? null : CARD);
    expect(await knownCard(shop, "tok_later", ask)).toBeNull();
    expect(await knownCard(shop, "tok_later", ask)).toEqual(CARD);
    expect(await knownCard(shop, "tok_later", ask)).toEqual(CARD);
    expect(asked).toBe(2);
  });

  it("keeps at most 10,000 cards, forgetting the oldest first", async () => {
    const fresh = await openTestShop();
    try {
      for (let i = 0; i <= 10_000; i++) rememberCard(fresh, `tok_${i}`, CARD);
      const ask = async () => null;
      expect(await knownCard(fresh, "tok_0", ask)).toBeNull();
      expect(await knownCard(fresh, "tok_1", ask)).toEqual(CARD);
      expect(await knownCard(fresh, "tok_10000", ask)).toEqual(CARD);
    } finally {
      await fresh.cleanup();
    }
  });
});

import { describe, expect, it } from "vitest";
import { luhnValid } from "../../../domain/card-number";
import { autoProceedTarget, CARD_MESSAGES, cardFieldComplete, cardFieldProblem, cardPayload, formatCardNumber, formatExpiry, parseExpiry, type CardFields } from "./card";

const good: CardFields = { cardNumber: "4242 4242 4242 4242", cardExpiry: "12 / 30", cardCvc: "123", cardName: "Ada Lovelace" };
const now = new Date(2026, 4, 15);

describe("card checks", () => {
  it("accept the sandbox cards", () => {
    for (const n of ["4242424242424242", "4000000000000002", "4000000000009995", "4000000000000119", "4000000000000069"]) expect(luhnValid(n)).toBe(true);
  });
  it("refuse a mistyped number", () => {
    expect(cardFieldProblem({ ...good, cardNumber: "4242 4242 4242 4241" }, "cardNumber", now)).toBe(CARD_MESSAGES.cardNumber);
    expect(cardFieldProblem({ ...good, cardNumber: "" }, "cardNumber", now)).toBe(CARD_MESSAGES.cardNumber);
  });
  it("take a card through the last day of its expiry month", () => {
    expect(cardFieldProblem({ ...good, cardExpiry: "05 / 26" }, "cardExpiry", now)).toBeNull();
    expect(cardFieldProblem({ ...good, cardExpiry: "04 / 26" }, "cardExpiry", now)).toBe(CARD_MESSAGES.cardExpired);
    expect(cardFieldProblem({ ...good, cardExpiry: "13 / 26" }, "cardExpiry", now)).toBe(CARD_MESSAGES.cardExpiry);
    expect(cardFieldProblem({ ...good, cardExpiry: "1" }, "cardExpiry", now)).toBe(CARD_MESSAGES.cardExpiry);
  });
  it("want a 3 or 4 digit code and a name", () => {
    expect(cardFieldProblem({ ...good, cardCvc: "12" }, "cardCvc", now)).toBe(CARD_MESSAGES.cardCvc);
    expect(cardFieldProblem({ ...good, cardCvc: "1234" }, "cardCvc", now)).toBeNull();
    expect(cardFieldProblem({ ...good, cardName: " " }, "cardName", now)).toBe(CARD_MESSAGES.cardName);
  });
});

describe("formatting as the shopper types", () => {
  it("groups the number by four", () => expect(formatCardNumber("4242424242424242")).toBe("4242 4242 4242 4242"));
  it("drops anything but digits", () => expect(formatCardNumber("4242-42a")).toBe("4242 42"));
  it("adds the expiry separator after the month", () => {
    expect(formatExpiry("1", "")).toBe("1");
    expect(formatExpiry("12", "1")).toBe("12 / ");
    expect(formatExpiry("12 / 3", "12 / ")).toBe("12 / 3");
    expect(formatExpiry("4", "")).toBe("04 / ");
    expect(formatExpiry("1230", "")).toBe("12 / 30");
  });
  it("lets backspace through the separator", () => expect(formatExpiry("12 /", "12 / ")).toBe("1"));
});

describe("parseExpiry and the payload", () => {
  it("reads MM/YY and MM/YYYY", () => {
    expect(parseExpiry("07/29")).toEqual({ month: 7, year: 2029 });
    expect(parseExpiry("7 / 2031")).toEqual({ month: 7, year: 2031 });
    expect(parseExpiry("00/29")).toBeNull();
  });
  it("builds the tokenize body", () => {
    expect(cardPayload(good)).toEqual({ number: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123", name: "Ada Lovelace" });
  });
});

describe("data-auto-proceed-cc-fields: focus moves on as each card field completes", () => {
  const empty: CardFields = { cardNumber: "", cardExpiry: "", cardCvc: "", cardName: "" };

  it("a whole valid number moves to the expiry; a 16-digit number that fails the check digit does not", () => {
    expect(autoProceedTarget("cardNumber", { ...empty, cardNumber: "4242 4242 4242 424" }, { ...empty, cardNumber: "4242 4242 4242 4242" })).toBe("cardExpiry");
    expect(autoProceedTarget("cardNumber", { ...empty, cardNumber: "4242 4242 4242 424" }, { ...empty, cardNumber: "4242 4242 4242 4241" })).toBeNull();
  });

  it("American Express is whole at 15 digits, and its code at 4", () => {
    expect(cardFieldComplete({ ...empty, cardNumber: "3782 8224 6310 005" }, "cardNumber")).toBe(true);
    expect(cardFieldComplete({ ...empty, cardNumber: "3782 8224 6310 005", cardCvc: "123" }, "cardCvc")).toBe(false);
    expect(cardFieldComplete({ ...empty, cardNumber: "3782 8224 6310 005", cardCvc: "1234" }, "cardCvc")).toBe(true);
  });

  it("MM / YY moves to the code, the code to the name, and the name goes nowhere", () => {
    expect(autoProceedTarget("cardExpiry", { ...good, cardExpiry: "12 / 3" }, good)).toBe("cardCvc");
    expect(autoProceedTarget("cardExpiry", { ...good, cardExpiry: "12 / " }, { ...good, cardExpiry: "13 / 3" })).toBeNull();
    expect(autoProceedTarget("cardCvc", { ...good, cardCvc: "12" }, good)).toBe("cardName");
    expect(autoProceedTarget("cardName", { ...good, cardName: "Ada Lovelac" }, good)).toBeNull();
  });

  it("correcting a field that was already whole keeps focus where the shopper is", () => {
    expect(autoProceedTarget("cardNumber", good, good)).toBeNull();
    expect(autoProceedTarget("cardCvc", { ...good, cardCvc: "123" }, { ...good, cardCvc: "124" })).toBeNull();
  });
});

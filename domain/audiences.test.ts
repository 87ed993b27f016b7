import { describe, expect, it } from "vitest";
import { parseAudiences } from "./audiences";

describe("parseAudiences", () => {
  it("everyone is in the quiz audience by default", () => {
    expect(parseAudiences(null)).toEqual({ quizAudience: true });
    expect(parseAudiences(undefined)).toEqual({ quizAudience: true });
    expect(parseAudiences("")).toEqual({ quizAudience: true });
    expect(parseAudiences("data-redesign=true")).toEqual({ quizAudience: true });
  });

  it("quizAudience=false (or 0) takes a visitor out", () => {
    expect(parseAudiences("quizAudience=false")).toEqual({ quizAudience: false });
    expect(parseAudiences("quizAudience=0")).toEqual({ quizAudience: false });
    expect(parseAudiences("data-redesign=true, quizaudience = FALSE ,data-glass-jar")).toEqual({ quizAudience: false });
  });

  it("quizAudience=true or 1 keeps a visitor in", () => {
    expect(parseAudiences("quizAudience=true")).toEqual({ quizAudience: true });
    expect(parseAudiences("quizAudience=1")).toEqual({ quizAudience: true });
  });

  it("junk values and look-alike names are ignored", () => {
    expect(parseAudiences("quizAudience=maybe")).toEqual({ quizAudience: true });
    expect(parseAudiences("notquizAudience=false")).toEqual({ quizAudience: true });
    expect(parseAudiences("quizAudience=falsey")).toEqual({ quizAudience: true });
  });
});

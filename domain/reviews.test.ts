import { describe, expect, it } from "vitest";
import { firstNameOf, plainText, RejectReasonSchema, reviewListQuery, reviewListSearch, ReviewInputSchema, PRODUCT_PAGE_KEYS, MAX_REVIEW_PAGE } from "./reviews";

const valid = { rating: "5", title: "Calmer mornings", body: "Three weeks in and the evening bloat is gone.", authorName: "Maya" };

describe("review input", () => {
  it("accepts a form's strings and answers numbers and trimmed text", () => {
    expect(ReviewInputSchema.parse({ ...valid, title: "  Calmer mornings  " })).toEqual({ rating: 5, title: "Calmer mornings", body: valid.body, authorName: "Maya" });
  });

  it("refuses a rating outside 1 to 5, or not whole", () => {
    for (const rating of ["0", "6", "4.5", "", "five", undefined]) expect(ReviewInputSchema.safeParse({ ...valid, rating }).success).toBe(false);
  });

  it("keeps no markup: tags are removed, the words stay", () => {
    const parsed = ReviewInputSchema.parse({ ...valid, title: "<b>Great</b> <script>alert(1)</script>stuff", body: "<p>Line one</p>\n<img src=x onerror=alert(1)>Line two is long enough" });
    expect(parsed.title).toBe("Great alert(1)stuff");
    expect(parsed.body).not.toMatch(/[<>]/);
    expect(parsed.body).toContain("Line two is long enough");
  });

  it("measures length after cleaning: a body of tags alone is too short", () => {
    const result = ReviewInputSchema.safeParse({ ...valid, body: "<b></b>".repeat(50) });
    expect(result.success).toBe(false);
  });

  it("refuses too long a title, body or name, and NUL characters", () => {
    expect(ReviewInputSchema.safeParse({ ...valid, title: "x".repeat(101) }).success).toBe(false);
    expect(ReviewInputSchema.safeParse({ ...valid, body: "x".repeat(3001) }).success).toBe(false);
    expect(ReviewInputSchema.safeParse({ ...valid, authorName: "x".repeat(41) }).success).toBe(false);
    expect(ReviewInputSchema.safeParse({ ...valid, body: `${valid.body}\u0000` }).success).toBe(false);
  });

  it("a reject reason is required", () => {
    expect(RejectReasonSchema.safeParse("").success).toBe(false);
    expect(RejectReasonSchema.safeParse("  <i></i> ").success).toBe(false);
    expect(RejectReasonSchema.parse("Names another shop's product")).toBe("Names another shop's product");
  });
});

describe("plain text", () => {
  it("keeps single blank lines, drops control and direction characters", () => {
    expect(plainText("a\r\n\r\n\r\n\r\nb\u202Ec\u0007")).toBe("a\n\nbc");
  });
  it("takes a first name", () => {
    expect(firstNameOf("  Maya   Okafor ")).toBe("Maya");
  });
});

describe("list query", () => {
  it("reads filters and falls back on anything unknown", () => {
    expect(reviewListQuery(new URLSearchParams("line=ds01&rating=4&sort=lowest&page=3"))).toEqual({ line: "ds01", rating: 4, sort: "lowest", page: 3 });
    expect(reviewListQuery(new URLSearchParams("line=nope&rating=9&sort=random&page=-2"))).toEqual({ line: null, rating: null, sort: "newest", page: 1 });
    expect(reviewListQuery(new URLSearchParams("page=999999")).page).toBe(MAX_REVIEW_PAGE);
  });
  it("writes the product page's own keys, defaults left out", () => {
    expect(reviewListSearch({ line: null, rating: 5, sort: "newest", page: 2 }, PRODUCT_PAGE_KEYS)).toBe("?reviewRating=5&reviewPage=2");
    expect(reviewListSearch({ line: null, rating: null, sort: "newest", page: 1 })).toBe("");
  });
});

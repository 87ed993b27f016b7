import { describe, expect, it } from "vitest";
import { optimiseImageUrl } from "./images";

describe("image links (SPEC.md section 5)", () => {
  it("adds automatic format and quality to image-host links", () => {
    expect(optimiseImageUrl("https://images.seed.com/ds01.png")).toBe("https://images.seed.com/ds01.png?auto=format&q=auto");
  });
  it("keeps a quality of 1 to 100 already present", () => {
    expect(optimiseImageUrl("https://images.seed.com/ds01.jpg?q=80")).toBe("https://images.seed.com/ds01.jpg?q=80&auto=format");
    expect(optimiseImageUrl("https://images.seed.com/a.jpg?q=1")).toContain("q=1");
    expect(optimiseImageUrl("https://images.seed.com/a.jpg?q=100")).toContain("q=100");
  });
  it("replaces a quality outside 1 to 100", () => {
    expect(optimiseImageUrl("https://images.seed.com/a.jpg?q=0")).toContain("q=auto");
    expect(optimiseImageUrl("https://images.seed.com/a.jpg?q=101")).toContain("q=auto");
    expect(optimiseImageUrl("https://images.seed.com/a.jpg?q=high")).toContain("q=auto");
  });
  it("adds no format for svg", () => {
    expect(optimiseImageUrl("https://images.seed.com/logo.svg")).toBe("https://images.seed.com/logo.svg?q=auto");
    expect(optimiseImageUrl("https://images.seed.com/LOGO.SVG")).not.toContain("auto=format");
  });
  it("leaves other hosts and relative links alone", () => {
    expect(optimiseImageUrl("/products/ds01-jar.svg")).toBe("/products/ds01-jar.svg");
    expect(optimiseImageUrl("https://example.com/a.png")).toBe("https://example.com/a.png");
  });
});

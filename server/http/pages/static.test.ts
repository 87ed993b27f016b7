import { describe, expect, it } from "vitest";
import { cacheControlFor } from "./static";

describe("static files' Cache-Control", () => {
  it("keeps hashed assets, hashed font files and product art for a year, immutable; the rest an hour", () => {
    expect(cacheControlFor("build/client/assets/root-HyPceJeb.css")).toBe("public, max-age=31536000, immutable");
    expect(cacheControlFor("build/client/products/ds01-jar.svg")).toBe("public, max-age=31536000, immutable");
    expect(cacheControlFor("build/client/fonts/dm-sans-var.e00f9c0c69bb.woff2")).toBe("public, max-age=31536000, immutable");
    expect(cacheControlFor("build/client/fonts/DM-Sans-OFL.txt")).toBe("public, max-age=3600");
    expect(cacheControlFor("build/client/favicon.svg")).toBe("public, max-age=3600");
    expect(cacheControlFor("build/client/site.webmanifest")).toBe("public, max-age=3600");
  });
});

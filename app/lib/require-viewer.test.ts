import { describe, expect, it } from "vitest";
import { requireViewer, safeReturnTo } from "./require-viewer";

const viewer = (signedIn: boolean) => ({ signedIn, email: signedIn ? "a@example.com" : null, firstName: null, blocked: false, experiments: {} });

describe("requireViewer", () => {
  it("answers the signed-in viewer", () => {
    expect(requireViewer({ viewer: viewer(true) }, new Request("http://x/account")).email).toBe("a@example.com");
  });
  it("sends a signed-out visitor to /login with the page to come back to", () => {
    try {
      requireViewer({ viewer: viewer(false) }, new Request("http://x/account/orders.data?page=2"));
      expect.unreachable();
    } catch (thrown) {
      const res = thrown as Response;
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/login?redirectTo=%2Faccount%2Forders%3Fpage%3D2");
    }
  });
});

describe("safeReturnTo", () => {
  it.each([["/account/orders", "/account/orders"], ["//evil.example", "/account/home"], ["https://evil.example", "/account/home"], ["/\\evil", "/account/home"], [null, "/account/home"]])(
    "%j -> %j",
    (value, expected) => expect(safeReturnTo(value)).toBe(expected),
  );
});

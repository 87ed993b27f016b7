import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { bodyLimitFast } from "./body-limit";

/** An app that answers 200 with the body's length, behind a 10-byte limit that answers 413. */
function app() {
  const a = new Hono();
  a.use("*", bodyLimitFast({ maxSize: 10, onError: (c) => c.json({ code: "PAYLOAD_TOO_LARGE" }, 413) }));
  a.all("*", async (c) => c.text(String((await c.req.text()).length)));
  return a;
}

/** A body without Content-Length (sent chunked), as a stream of the given pieces. */
const chunked = (...pieces: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const p of pieces) controller.enqueue(new TextEncoder().encode(p));
      controller.close();
    },
  });

describe("bodyLimitFast: Hono's body limit, judged from Content-Length when there is one", () => {
  it("passes requests without a body", async () => {
    expect((await app().request("/x")).status).toBe(200);
  });
  it("judges a body with Content-Length by the header", async () => {
    expect(await (await app().request("/x", { method: "POST", body: "0123456789", headers: { "content-length": "10" } })).text()).toBe("10");
    expect((await app().request("/x", { method: "POST", body: "01234567890", headers: { "content-length": "11" } })).status).toBe(413);
  });
  it("counts a chunked body as it streams, as Hono's does", async () => {
    const init = (body: ReadableStream) => ({ method: "POST", body, duplex: "half" }) as RequestInit;
    expect(await (await app().request("/x", init(chunked("01234", "5678")))).text()).toBe("9");
    expect((await app().request("/x", init(chunked("01234", "567890")))).status).toBe(413);
  });
});

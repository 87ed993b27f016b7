import { describe, expect, it } from "vitest";
import { parsePopupDetail } from "./popups";

describe("parsePopupDetail", () => {
  it("reads a bare id", () => {
    expect(parsePopupDetail("cookie-preferences")).toEqual({ id: "cookie-preferences" });
  });

  it("reads {id, data}", () => {
    expect(parsePopupDetail({ id: "video", data: { src: "/a.mp4" } })).toEqual({ id: "video", data: { src: "/a.mp4" } });
  });

  it("trims the id and leaves out absent data", () => {
    expect(parsePopupDetail({ id: " promo " })).toEqual({ id: "promo" });
  });

  it.each([null, undefined, "", "  ", 42, {}, { id: 3 }, { id: "" }, []])("ignores %j", (detail) => {
    expect(parsePopupDetail(detail)).toBeNull();
  });
});

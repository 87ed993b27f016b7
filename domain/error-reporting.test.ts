import { describe, expect, it } from "vitest";
import { IN_APP_BROWSER_SAMPLE_RATE, sanitiseAlertHtml, scriptLoadMessage, shouldReport, TRACE_SAMPLE_RATE } from "./error-reporting";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
const INSTAGRAM = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 300.0.0";
const FACEBOOK = "Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 Mobile/15E148 [FBAN/FBIOS;FBAV/440.0]";

describe("error reporting rules (SPEC.md section 8)", () => {
  it("samples no traces", () => expect(TRACE_SAMPLE_RATE).toBe(0));

  it("drops the two internal flow patterns", () => {
    expect(shouldReport("AbortError: The operation was aborted.", CHROME)).toBe(false);
    expect(shouldReport("[object Response]", CHROME)).toBe(false);
    expect(shouldReport("TypeError: x is undefined", CHROME)).toBe(true);
  });

  it("keeps 10% of the errors from social apps' in-app browsers", () => {
    expect(IN_APP_BROWSER_SAMPLE_RATE).toBe(0.1);
    let kept = 0;
    let i = 0;
    const random = () => (i++ % 100) / 100;
    for (let n = 0; n < 1000; n++) if (shouldReport("TypeError", n % 2 ? INSTAGRAM : FACEBOOK, random)) kept++;
    expect(kept).toBe(100);
  });

  it("names a failed script", () => expect(scriptLoadMessage("https://cdn.example/x.js")).toBe("Failed to load https://cdn.example/x.js"));
});

describe("sanitiseAlertHtml", () => {
  it("keeps simple emphasis, paragraphs, breaks and safe links", () => {
    expect(sanitiseAlertHtml('<strong>Saved.</strong> See <a href="/account">your account</a><br>or <em>this</em>')).toBe(
      '<strong>Saved.</strong> See <a href="/account" rel="noopener noreferrer">your account</a><br>or <em>this</em>',
    );
  });
  it.each([
    ['<img src=x onerror="alert(1)">', "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;"],
    ["<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"],
    ['<a href="javascript:alert(1)">x</a>', '&lt;a href=&quot;javascript:alert(1)&quot;&gt;x</a>'],
    ['<a href="//evil.example">x</a>', '&lt;a href=&quot;//evil.example&quot;&gt;x</a>'],
    ['<b onclick="x()">x</b>', "&lt;b onclick=&quot;x()&quot;&gt;x</b>"],
    ['<a href="/ok" onmouseover="x()">x</a>', '&lt;a href=&quot;/ok&quot; onmouseover=&quot;x()&quot;&gt;x</a>'],
  ])("neutralises %s", (input, output) => {
    expect(sanitiseAlertHtml(input)).toBe(output);
  });
});

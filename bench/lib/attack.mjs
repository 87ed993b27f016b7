// Step "attack": the shop under attack with its default rate limits on (issue 10), on its own server.
//   1. A card tester sends 60 purchases with declined cards from one address over a minute (a new email and card expiry
//      each time, as testers do), while a shopper from another loopback address (127.0.0.2) buys every few seconds.
//      402 means the purchase reached the gateway and was declined; 429 means it was refused before. The tester solves
//      every captcha the shop asks for after a few declines (403 CAPTCHA_REQUIRED; a captcha farm, the worst case: the
//      bench shop has Turnstile keys and its TURNSTILE_VERIFY_URL is a local fake siteverify, `startFakeSiteverify`,
//      that accepts every answer), so only the hard limits stop it. (Without the keys a production shop would refuse
//      every captcha, 403 CAPTCHA_UNAVAILABLE: ADR 0058.)
//   2. One client (127.0.0.3) sends 1,000 newsletter posts and then 1,000 event posts in a burst, half of them with a
//      forged X-Forwarded-For (no proxy is trusted, so it changes nothing).
import http from "node:http";
import { randomUUID } from "node:crypto";

/** Turnstile settings for the attacked shop: with a secret set, its captcha goes to siteverify (ADR 0058). */
export const FAKE_TURNSTILE_SECRET = "bench-turnstile-secret";
export const FAKE_TURNSTILE_SITE_KEY = "bench-turnstile-site-key";

/**
 * A local stand-in for Cloudflare's siteverify that accepts every answer sent with the bench's secret: a captcha farm
 * that solves every challenge. Answers { url, env (the shop's TURNSTILE_* settings), checks(), close() }.
 */
export async function startFakeSiteverify() {
  let checks = 0;
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (d) => (body += d));
    req.on("end", () => {
      const form = new URLSearchParams(body);
      const ok = req.method === "POST" && form.get("secret") === FAKE_TURNSTILE_SECRET && Boolean(form.get("response"));
      if (ok) checks += 1;
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(ok ? { success: true, hostname: "127.0.0.1", "error-codes": [] } : { success: false, "error-codes": ["invalid-input-secret"] }));
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${server.address().port}/turnstile/v0/siteverify`;
  return {
    url,
    env: { TURNSTILE_SECRET_KEY: FAKE_TURNSTILE_SECRET, TURNSTILE_SITE_KEY: FAKE_TURNSTILE_SITE_KEY, TURNSTILE_VERIFY_URL: url },
    checks: () => checks,
    close: () => new Promise((resolve) => { server.close(() => resolve()); server.closeAllConnections(); }),
  };
}

const ADDRESS = { firstName: "Bench", lastName: "Shopper", address1: "1 Main St", city: "Austin", region: "TX", postalCode: "78701", country: "US" };

/** POST JSON from a chosen local address (any 127.x.y.z is this machine on Linux). */
function post(origin, path, body, { from = "127.0.0.1", headers = {}, agent } = {}) {
  const url = new URL(path, origin);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path: url.pathname, method: "POST", localAddress: from, agent, headers: { "content-type": "application/json", "content-length": Buffer.byteLength(payload), ...headers } },
      (res) => {
        let text = "";
        res.on("data", (d) => (text += d));
        res.on("end", () => resolve({ status: res.statusCode, retryAfter: res.headers["retry-after"] ?? null, text }));
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

/** A card token; when the shop asks for a captcha (403 CAPTCHA_REQUIRED) it is "solved" and the request sent again. */
async function token(origin, from, number, expYear = 2035, solved = { count: 0 }) {
  const card = { number, expMonth: 12, expYear, cvc: "123" };
  let res = await post(origin, "/api/payments/sandbox/tokenize", card, { from });
  if (res.status === 403 && JSON.parse(res.text).code === "CAPTCHA_REQUIRED") {
    solved.count += 1;
    res = await post(origin, "/api/payments/sandbox/tokenize", { ...card, captchaToken: `bench-solved-${solved.count}` }, { from });
  }
  return res.status === 200 ? JSON.parse(res.text).token : null;
}

function purchase(origin, from, email, tok) {
  const body = { email, shippingAddress: ADDRESS, items: { "syn-wk-3mo": 1 }, couponCodes: [], payment: { token: tok }, healthCertification: true, renewalConsent: true };
  return post(origin, "/api/purchase", body, { from, headers: { "idempotency-key": randomUUID() } });
}

const tally = (statuses) => statuses.reduce((t, s) => ((t[s] = (t[s] ?? 0) + 1), t), {});

/** The card tester and the shopper, side by side for `seconds`. */
async function cardTesting(origin, seconds, attempts) {
  const tester = { statuses: [], retryAfterMissing: 0, tokenRefusals: 0, captchas: { count: 0 } };
  const shopper = { statuses: [] };
  const started = Date.now();
  const testerRun = (async () => {
    for (let i = 0; i < attempts; i++) {
      const due = started + (i * seconds * 1000) / attempts;
      await new Promise((r) => setTimeout(r, Math.max(0, due - Date.now())));
      // A new expiry each time: a different card to the per-card limit, so the per-address limits must stop it.
      const tok = await token(origin, "127.0.0.1", "4000000000000002", 2030 + (i % 10), tester.captchas);
      if (!tok) {
        tester.tokenRefusals += 1;
        tester.statuses.push(429);
        continue;
      }
      const res = await purchase(origin, "127.0.0.1", `tester-${i}-${randomUUID().slice(0, 6)}@example.com`, tok);
      tester.statuses.push(res.status);
      if (res.status === 429 && !res.retryAfter) tester.retryAfterMissing += 1;
    }
  })();
  const shopperRun = (async () => {
    while (Date.now() - started < seconds * 1000) {
      const tok = await token(origin, "127.0.0.2", "4242424242424242");
      const res = await purchase(origin, "127.0.0.2", `shopper-${randomUUID().slice(0, 8)}@example.com`, tok);
      shopper.statuses.push(res.status);
      await new Promise((r) => setTimeout(r, 5000));
    }
  })();
  await Promise.all([testerRun, shopperRun]);
  const t = tally(tester.statuses);
  return {
    seconds,
    tester: { attempts, reachedGateway: t[402] ?? 0, refused429: t[429] ?? 0, other: attempts - (t[402] ?? 0) - (t[429] ?? 0), statuses: t, retryAfterMissing: tester.retryAfterMissing, captchasSolved: tester.captchas.count },
    shopper: { purchases: shopper.statuses.length, placed: tally(shopper.statuses)[201] ?? 0, statuses: tally(shopper.statuses) },
  };
}

/** `count` posts as fast as `concurrency` connections allow, from one address; every other one forges X-Forwarded-For. */
async function burst(origin, path, count, makeBody, concurrency = 25) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const statuses = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        const headers = i % 2 === 0 ? { "x-forwarded-for": `198.51.100.${i % 250}` } : {};
        const res = await post(origin, path, makeBody(i), { from: "127.0.0.3", headers, agent }).catch(() => ({ status: "error" }));
        statuses.push(res.status);
      }
    }),
  );
  agent.destroy();
  const t = tally(statuses);
  const accepted = (t[200] ?? 0) + (t[202] ?? 0);
  return { posts: count, accepted, refused429: t[429] ?? 0, statuses: t, seconds: (performance.now() - started) / 1000 };
}

export async function measureAttack(origin, { seconds = 60, attempts = 60 } = {}) {
  const cards = await cardTesting(origin, seconds, attempts);
  const newsletter = await burst(origin, "/api/newsletter", 1000, (i) => ({ email: `burst-${i}-${randomUUID().slice(0, 6)}@example.com` }));
  // A catalogue event with performance consent, so what the limiter lets through is stored (202), not refused as unknown.
  const consent = { C0001: true, C0002: true, C0003: false, C0004: false, C0005: false };
  const events = await burst(origin, "/api/events", 1000, (i) => ({
    events: [{ name: "Nav Menu Click", properties: { menu: "Shop" }, path: "/", anonymousId: `burst-${i % 50}`, messageId: randomUUID() }],
    consent,
  }));
  return { cards, newsletter, events };
}

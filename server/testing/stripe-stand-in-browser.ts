/**
 * The browser half of the Stripe stand-in (ADR 0019): a small `/v3/stripe.js` with exactly the calls checkout uses
 * (`Stripe(pk)`, `elements().create("card")` with mount/unmount/focus/on("change"), `createPaymentMethod`), and the
 * card frame it mounts. As with Stripe.js, the card is typed in a frame on the stand-in's origin and posted from there
 * to `/v1/payment_methods` with the publishable key; the shop's page only ever gets the pm_... id back by postMessage.
 */
export const STRIPE_JS = String.raw`(function () {
  "use strict";
  var origin = new URL(document.currentScript.src).origin;
  var count = 0;
  function cardElement(key) {
    var id = "card-" + ++count, frame = null, handlers = { change: [] }, waiting = {}, calls = 0;
    window.addEventListener("message", function (e) {
      if (e.origin !== origin || !e.data || e.data.element !== id) return;
      if (e.data.height && frame) frame.style.height = e.data.height + "px";
      if (e.data.event) (handlers[e.data.event] || []).forEach(function (h) { h(e.data.payload); });
      if (e.data.reply && waiting[e.data.reply]) { waiting[e.data.reply](e.data.payload); delete waiting[e.data.reply]; }
    });
    return {
      mount: function (target) {
        var host = typeof target === "string" ? document.querySelector(target) : target;
        frame = document.createElement("iframe");
        frame.src = origin + "/v3/elements-card.html#" + encodeURIComponent(JSON.stringify({ key: key, element: id, parent: location.origin }));
        frame.title = "Secure card payment input frame";
        frame.setAttribute("allowtransparency", "true");
        frame.style.cssText = "border:0;width:100%;height:150px;display:block;background:transparent";
        host.appendChild(frame);
      },
      unmount: function () { if (frame) frame.remove(); frame = null; },
      focus: function () { if (frame) { frame.focus(); frame.contentWindow.postMessage({ element: id, command: "focus" }, origin); } },
      on: function (event, handler) { (handlers[event] = handlers[event] || []).push(handler); },
      _call: function (command, args) {
        return new Promise(function (resolve) {
          if (!frame) return resolve({ error: { type: "validation_error", code: "element_not_mounted", message: "The card Element is not mounted." } });
          var reply = String(++calls);
          waiting[reply] = resolve;
          frame.contentWindow.postMessage({ element: id, command: command, args: args, reply: reply }, origin);
        });
      },
    };
  }
  window.Stripe = function (key) {
    if (!/^pk_(test|live)_/.test(String(key))) throw new Error("Invalid API Key provided: " + key);
    return {
      elements: function () {
        return { create: function (type) { if (type !== "card") throw new Error("The stand-in only has the card Element"); return cardElement(key); } };
      },
      createPaymentMethod: function (request) {
        if (!request || request.type !== "card" || !request.card) return Promise.resolve({ error: { type: "invalid_request_error", message: "Pass type: 'card' and the card Element." } });
        return request.card._call("createPaymentMethod", { billing_details: request.billing_details || {} });
      },
    };
  };
})();
`;

/** The card frame: number, expiry and code, checked as Stripe's Element does, posted to /v1/payment_methods. */
export const CARD_FRAME_HTML = String.raw`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Card details</title>
<style>
  *{box-sizing:border-box} html,body{margin:0;padding:0;background:transparent;font:16px/1.4 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1f1f1f}
  .row{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:12px;padding:2px;align-items:end}
  .wide{grid-column:1/-1} label{display:block;font-weight:600;font-size:14px;margin-bottom:4px}
  input{width:100%;font:inherit;padding:10px 12px;border:1px solid #6b6b6b;border-radius:6px;background:#fff;color:#1f1f1f}
  input:focus{outline:3px solid #1a56db;outline-offset:1px} input[aria-invalid=true]{border-color:#b3261e}
</style></head>
<body><div class="row">
  <div class="wide"><label for="number">Card number</label><input id="number" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" maxlength="23"></div>
  <div><label for="expiry">Expiry (MM / YY)</label><input id="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY" maxlength="7"></div>
  <div><label for="cvc">Security code (CVC)</label><input id="cvc" inputmode="numeric" autocomplete="cc-csc" maxlength="4"></div>
</div>
<script>
(function () {
  "use strict";
  var setup = JSON.parse(decodeURIComponent(location.hash.slice(1)));
  var number = document.getElementById("number"), expiry = document.getElementById("expiry"), cvc = document.getElementById("cvc");
  var digits = function (v) { return v.replace(/\D/g, ""); };
  function luhn(d) {
    if (!/^\d{12,19}$/.test(d)) return false;
    var sum = 0;
    for (var i = 0; i < d.length; i++) { var n = Number(d[d.length - 1 - i]); if (i % 2) { n *= 2; if (n > 9) n -= 9; } sum += n; }
    return sum % 10 === 0;
  }
  function post(message) { message.element = setup.element; parent.postMessage(message, setup.parent); }
  function problem() {
    var d = digits(number.value), e = digits(expiry.value), now = new Date();
    if (!d) return { code: "incomplete_number", message: "Your card number is incomplete." };
    if (!luhn(d)) return { code: d.length < 16 ? "incomplete_number" : "invalid_number", message: "Your card number is invalid." };
    if (e.length < 4) return { code: "incomplete_expiry", message: "Your card's expiration date is incomplete." };
    var month = Number(e.slice(0, 2)), year = 2000 + Number(e.slice(2, 4));
    if (month < 1 || month > 12) return { code: "invalid_expiry_month", message: "Your card's expiration month is invalid." };
    if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) return { code: "invalid_expiry_year_past", message: "Your card's expiration year is in the past." };
    if (!/^\d{3,4}$/.test(cvc.value)) return { code: "incomplete_cvc", message: "Your card's security code is incomplete." };
    return null;
  }
  function changed(blurred) {
    var p = problem(), empty = !number.value && !expiry.value && !cvc.value;
    // As Stripe's Element: a half-typed card is not an error until the shopper leaves it.
    var shown = p && (blurred || p.code.indexOf("incomplete") !== 0) ? { type: "validation_error", code: p.code, message: p.message } : undefined;
    number.setAttribute("aria-invalid", String(!!shown));
    post({ event: "change", payload: { elementType: "card", complete: !p, empty: empty, error: shown } });
  }
  number.addEventListener("input", function () { number.value = digits(number.value).slice(0, 19).replace(/(\d{4})(?=\d)/g, "$1 "); changed(false); });
  expiry.addEventListener("input", function () { var d = digits(expiry.value).slice(0, 4); expiry.value = d.length > 2 ? d.slice(0, 2) + " / " + d.slice(2) : d; changed(false); });
  cvc.addEventListener("input", function () { cvc.value = digits(cvc.value).slice(0, 4); changed(false); });
  [number, expiry, cvc].forEach(function (input) { input.addEventListener("blur", function () { if (input.value) changed(true); }); });
  async function createPaymentMethod(args) {
    var p = problem();
    if (p) { changed(true); return { error: { type: "validation_error", code: p.code, message: p.message } }; }
    var e = digits(expiry.value), body = new URLSearchParams({ type: "card", key: setup.key, "card[number]": digits(number.value), "card[exp_month]": e.slice(0, 2), "card[exp_year]": "20" + e.slice(2, 4), "card[cvc]": cvc.value });
    var billing = args.billing_details || {};
    Object.keys(billing).forEach(function (k) { if (billing[k]) body.set("billing_details[" + k + "]", billing[k]); });
    try {
      var response = await fetch("/v1/payment_methods", { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: body });
      var answer = await response.json();
      return response.ok ? { paymentMethod: answer } : { error: answer.error };
    } catch (err) {
      return { error: { type: "api_connection_error", message: "We could not reach the payment processor. Please try again." } };
    }
  }
  window.addEventListener("message", async function (e) {
    if (e.origin !== setup.parent || !e.data || e.data.element !== setup.element) return;
    if (e.data.command === "focus") number.focus();
    if (e.data.command === "createPaymentMethod") post({ reply: e.data.reply, payload: await createPaymentMethod(e.data.args || {}) });
  });
  post({ height: document.body.scrollHeight + 4 });
  window.addEventListener("resize", function () { post({ height: document.body.scrollHeight + 4 }); });
})();
</script></body></html>
`;

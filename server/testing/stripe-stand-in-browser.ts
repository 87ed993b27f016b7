/**
 * The browser half of the Stripe stand-in (ADR 0019, 0044): a small `/v3/stripe.js` with exactly the calls checkout
 * uses, after Stripe's documented API: `Stripe(pk)`; `elements(options)` with `create("card")` (mount, unmount,
 * focus, on("change")) and `create("expressCheckout")` (mount, unmount, on("ready" | "click" | "confirm" | "cancel")),
 * `update({amount})` and `submit()`; `createPaymentMethod({type: "card", card})` and
 * `createPaymentMethod({elements, params})`. As with Stripe.js, the card is typed in a frame on the stand-in's origin
 * and posted from there to `/v1/payment_methods` with the publishable key; the shop's page only ever gets the pm_...
 * id back by postMessage. The express checkout frame shows one wallet, a Google Pay style button (Google Pay makes
 * card PaymentMethods, the only kind the stand-in models); its "payment sheet" is a small dialog in the frame holding
 * the wallet's test card (Visa 4242).
 */
export const STRIPE_JS = String.raw`(function () {
  "use strict";
  var origin = new URL(document.currentScript.src).origin;
  var count = 0;
  /** A frame on the stand-in's origin that talks to this page by postMessage, as Stripe's Elements do. */
  function framed(key, page, title, height, extra) {
    var id = "element-" + ++count, frame = null, handlers = {}, waiting = {}, calls = 0;
    var self = {
      id: id,
      handlers: handlers,
      mount: function (target) {
        var host = typeof target === "string" ? document.querySelector(target) : target;
        frame = document.createElement("iframe");
        frame.src = origin + page + "#" + encodeURIComponent(JSON.stringify(Object.assign({ key: key, element: id, parent: location.origin }, extra())));
        frame.title = title;
        frame.setAttribute("allowtransparency", "true");
        frame.style.cssText = "border:0;width:100%;height:" + height + "px;display:block;background:transparent";
        host.appendChild(frame);
      },
      unmount: function () { if (frame) frame.remove(); frame = null; },
      destroy: function () { self.unmount(); },
      focus: function () { if (frame) { frame.focus(); self.post("focus"); } },
      on: function (event, handler) { (handlers[event] = handlers[event] || []).push(handler); return self; },
      post: function (command, args) { if (frame) frame.contentWindow.postMessage({ element: id, command: command, args: args }, origin); },
      call: function (command, args) {
        return new Promise(function (resolve) {
          if (!frame) return resolve({ error: { type: "validation_error", code: "element_not_mounted", message: "The Element is not mounted." } });
          var reply = String(++calls);
          waiting[reply] = resolve;
          frame.contentWindow.postMessage({ element: id, command: command, args: args, reply: reply }, origin);
        });
      },
      emit: function (event, payload) { (handlers[event] || []).forEach(function (h) { h(payload); }); },
    };
    window.addEventListener("message", function (e) {
      if (e.origin !== origin || !e.data || e.data.element !== id) return;
      if (e.data.height && frame) frame.style.height = e.data.height + "px";
      if (e.data.event) self.receive(e.data.event, e.data.payload);
      if (e.data.reply && waiting[e.data.reply]) { waiting[e.data.reply](e.data.payload); delete waiting[e.data.reply]; }
    });
    self.receive = self.emit;
    return self;
  }
  function cardElement(key) {
    var el = framed(key, "/v3/elements-card.html", "Secure card payment input frame", 150, function () { return {}; });
    return { mount: el.mount, unmount: el.unmount, destroy: el.destroy, focus: el.focus, on: el.on, _call: el.call };
  }
  /**
   * The Express Checkout Element. "click" handlers get resolve(), which opens the payment interface (if the page
   * handles "click" and never resolves, nothing opens, as Stripe documents); "confirm" handlers get
   * expressPaymentType, billingDetails and paymentFailed(); "cancel" fires when the shopper closes the interface.
   */
  function expressCheckoutElement(key, group, options) {
    var opts = options || {};
    var el = framed(key, "/v3/elements-express-checkout.html", "Secure express checkout frame", opts.buttonHeight || 44, function () {
      return { amount: group.options.amount, currency: group.options.currency, buttonHeight: opts.buttonHeight || 44 };
    });
    var confirmed = null;
    el.receive = function (event, payload) {
      if (event === "click") {
        var resolved = false;
        var e = { elementType: "expressCheckout", expressPaymentType: payload.expressPaymentType, resolve: function (p) { if (resolved) return; resolved = true; el.post("open", { amount: group.options.amount, currency: group.options.currency, resolution: p || {} }); } };
        if (!(el.handlers.click || []).length) return e.resolve({});
        el.emit("click", e);
        setTimeout(function () { if (!resolved) console.warn("Stripe.js stand-in: the click handler did not call resolve() within 1 second; the payment interface stays closed."); }, 1000);
        return;
      }
      if (event === "confirm") {
        confirmed = payload;
        el.emit("confirm", { elementType: "expressCheckout", expressPaymentType: payload.expressPaymentType, billingDetails: payload.billingDetails, paymentFailed: function (p) { confirmed = null; el.post("failed", p || { reason: "fail" }); } });
        return;
      }
      if (event === "cancel") { confirmed = null; return el.emit("cancel", { elementType: "expressCheckout" }); }
      el.emit(event, payload);
    };
    group.express = { confirmed: function () { return confirmed; }, call: el.call, done: function () { confirmed = null; el.post("close"); } };
    return { mount: el.mount, unmount: el.unmount, destroy: el.destroy, focus: el.focus, on: el.on, update: function () {} };
  }
  window.Stripe = function (key) {
    if (!/^pk_(test|live)_/.test(String(key))) throw new Error("Invalid API Key provided: " + key);
    return {
      elements: function (options) {
        var group = { options: Object.assign({}, options || {}), express: null };
        group.create = function (type, elementOptions) {
          if (type === "card") return cardElement(key);
          if (type === "expressCheckout") {
            if (group.options.mode !== "payment" || !(group.options.amount > 0) || !group.options.currency) throw new Error("IntegrationError: create the Express Checkout Element from elements({mode: 'payment', amount, currency}).");
            return expressCheckoutElement(key, group, elementOptions);
          }
          throw new Error("The stand-in has the card and expressCheckout Elements only");
        };
        group.update = function (options) { Object.assign(group.options, options || {}); };
        group.submit = function () {
          if (group.express && !group.express.confirmed()) return Promise.resolve({ error: { type: "validation_error", message: "The payment interface has not been confirmed." } });
          return Promise.resolve({});
        };
        return group;
      },
      createPaymentMethod: function (request) {
        if (request && request.elements) {
          var express = request.elements.express;
          if (!express || !express.confirmed()) return Promise.resolve({ error: { type: "invalid_request_error", message: "Call elements.submit() after the Express Checkout Element's confirm event first." } });
          if (request.elements.options.paymentMethodCreation !== "manual") return Promise.resolve({ error: { type: "invalid_request_error", message: "createPaymentMethod with Elements needs elements({paymentMethodCreation: 'manual'})." } });
          var params = request.params || {};
          var billing = Object.assign({}, express.confirmed().billingDetails || {}, params.billing_details || {});
          return express.call("createPaymentMethod", { billing_details: billing }).then(function (result) {
            if (result.paymentMethod) express.done();
            return result;
          });
        }
        if (!request || request.type !== "card" || !request.card) return Promise.resolve({ error: { type: "invalid_request_error", message: "Pass type: 'card' and the card Element, or elements." } });
        return request.card._call("createPaymentMethod", { billing_details: request.billing_details || {} });
      },
    };
  };
})();
`;

/** Both frames' last step: the card's fields and the billing details, posted to the stand-in's /v1/payment_methods. */
const POST_PAYMENT_METHOD = String.raw`  async function postPaymentMethod(body, billing) {
    billing = billing || {};
    Object.keys(billing).forEach(function (k) { if (billing[k] && typeof billing[k] === "string") body.set("billing_details[" + k + "]", billing[k]); });
    try {
      var response = await fetch("/v1/payment_methods", { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: body });
      var answer = await response.json();
      return response.ok ? { paymentMethod: answer } : { error: answer.error };
    } catch (err) {
      return { error: { type: "api_connection_error", message: "We could not reach the payment processor. Please try again." } };
    }
  }`;

/**
 * The express checkout frame: one Google Pay style button (the wallet the stand-in offers), and after the page's
 * click handler resolves, the wallet's sheet as a dialog in the frame: the amount, the wallet's test card, Pay and
 * Cancel. Pay fires "confirm"; the PaymentMethod is made from the wallet's card when the page asks for it.
 */
export const EXPRESS_FRAME_HTML = String.raw`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Express checkout</title>
<style>
  *{box-sizing:border-box} html,body{margin:0;padding:0;background:transparent;font:16px/1.4 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1f1f1f}
  .wrap{padding:2px}
  .gpay{display:flex;align-items:center;justify-content:center;gap:8px;width:100%;border:0;border-radius:6px;background:#000;color:#fff;font:600 17px/1 system-ui,-apple-system,"Segoe UI",sans-serif;cursor:pointer}
  .gpay:focus-visible,.sheet button:focus-visible{outline:3px solid #1a56db;outline-offset:2px}
  .gpay svg{flex:none}
  .sheet{margin-top:10px;border:1px solid #6b6b6b;border-radius:8px;padding:14px 16px;background:#fff}
  .sheet h2{font-size:16px;margin:0 0 6px} .sheet p{margin:0 0 10px}
  .actions{display:flex;gap:10px;flex-wrap:wrap}
  .sheet button{font:inherit;font-weight:600;padding:10px 16px;border-radius:6px;cursor:pointer}
  .pay{background:#000;color:#fff;border:1px solid #000} .cancel{background:#fff;color:#1f1f1f;border:1px solid #6b6b6b}
  .error{color:#b3261e;font-weight:600} [hidden]{display:none!important}
</style></head>
<body><div class="wrap">
<button type="button" class="gpay" id="gpay" aria-label="Buy with GPay">
  <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true"><path fill="#4285F4" d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.5h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.2 3.5-8.8z"/><path fill="#34A853" d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3c-1.1.7-2.5 1.2-4.1 1.2-3.1 0-5.8-2.1-6.7-5H1.3v3.1A12 12 0 0 0 12 24z"/><path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8l4-3.1z"/><path fill="#EA4335" d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1c.9-2.9 3.6-4.9 6.7-4.9z"/></svg>
  <span aria-hidden="true">Buy with GPay</span>
</button>
<div class="sheet" id="sheet" role="dialog" aria-modal="false" aria-labelledby="sheet-title" hidden>
  <h2 id="sheet-title">Google Pay (test wallet)</h2>
  <p>Pay <strong id="amount"></strong> with Visa &bull;&bull;&bull;&bull; 4242, Stripe test mode.</p>
  <p class="error" id="error" role="alert"></p>
  <div class="actions"><button type="button" class="pay" id="pay">Pay</button><button type="button" class="cancel" id="cancel">Cancel</button></div>
</div>
</div>
<script>
(function () {
  "use strict";
  var setup = JSON.parse(decodeURIComponent(location.hash.slice(1)));
  var button = document.getElementById("gpay"), sheet = document.getElementById("sheet"), pay = document.getElementById("pay"), cancel = document.getElementById("cancel"), error = document.getElementById("error");
  button.style.height = setup.buttonHeight + "px";
  var billing = { name: "Jenny Rosen", email: "jenny.rosen@example.com", phone: null, address: { line1: "1 Market Street", line2: null, city: "San Francisco", state: "CA", postal_code: "94105", country: "US" } };
  function post(message) { message.element = setup.element; parent.postMessage(message, setup.parent); }
  function resize() { post({ height: document.body.scrollHeight + 4 }); }
  function money(amount, currency) { return new Intl.NumberFormat("en-US", { style: "currency", currency: String(currency || "usd").toUpperCase() }).format((amount || 0) / 100); }
  function close(event) { sheet.hidden = true; pay.disabled = false; error.textContent = ""; resize(); if (event) post({ event: event, payload: {} }); button.focus(); }
  button.addEventListener("click", function () { post({ event: "click", payload: { expressPaymentType: "google_pay" } }); });
  pay.addEventListener("click", function () { pay.disabled = true; error.textContent = ""; post({ event: "confirm", payload: { expressPaymentType: "google_pay", billingDetails: billing } }); });
  cancel.addEventListener("click", function () { close("cancel"); });
  sheet.addEventListener("keydown", function (e) { if (e.key === "Escape") close("cancel"); });
  async function createPaymentMethod(args) {
    var body = new URLSearchParams({ type: "card", key: setup.key, "card[number]": "4242424242424242", "card[exp_month]": "12", "card[exp_year]": String(new Date().getFullYear() + 3), "card[cvc]": "123" });
    return postPaymentMethod(body, args.billing_details);
  }
${POST_PAYMENT_METHOD}
  window.addEventListener("message", async function (e) {
    if (e.origin !== setup.parent || !e.data || e.data.element !== setup.element) return;
    var c = e.data.command;
    if (c === "focus") button.focus();
    if (c === "open") { document.getElementById("amount").textContent = money(e.data.args.amount, e.data.args.currency); sheet.hidden = false; resize(); pay.focus(); }
    if (c === "failed") { pay.disabled = false; error.textContent = e.data.args.message || "This payment could not be completed."; resize(); }
    if (c === "close") close(null);
    if (c === "createPaymentMethod") post({ reply: e.data.reply, payload: await createPaymentMethod(e.data.args || {}) });
  });
  resize();
  // The page may keep the Element hidden until "ready" (a hidden frame lays out at zero height): follow the content.
  new ResizeObserver(resize).observe(document.body);
  post({ event: "ready", payload: { elementType: "expressCheckout", availablePaymentMethods: { applePay: false, googlePay: true, link: false, paypal: false, amazonPay: false, klarna: false } } });
})();
</script></body></html>
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
    return postPaymentMethod(body, args.billing_details);
  }
${POST_PAYMENT_METHOD}
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

/**
 * A stand-in for Stripe.js v3 served by the local Stripe (server.ts): `window.Stripe(publishableKey)`
 * with what `@stripe/react-stripe-js`'s `<Elements>` and `<PaymentElement>` use, and
 * `confirmPayment`, which confirms through the framed card field (pages.ts `elementsPage`) and shows
 * the 3-D Secure challenge in a frame over the page, as Stripe.js does. `@stripe/stripe-js`'s
 * `loadStripe` takes a `window.Stripe` already on the page, so MealShare's own code runs unchanged
 * against it (docs/decisions/022).
 */

/** The script's text, for a local Stripe at `base`. */
export const stripeJs = (base: string) => `(() => {
const BASE = ${JSON.stringify(base)};
const listen = (handler) => addEventListener("message", (event) => {
  if (event.origin === BASE && event.data && event.data.source === "fake-stripe") handler(event.data);
});
function makeElement(stripe, type, options) {
  const handlers = {};
  let frame = null;
  const emit = (name, payload) => (handlers[name] || []).forEach((handler) => handler(payload));
  listen((data) => {
    if (!frame) return;
    if (data.type === "ready") emit("ready", { elementType: type });
    if (data.type === "change") emit("change", { elementType: type, complete: data.complete, empty: data.empty, value: { type: "card" } });
  });
  const element = {
    mount(node) {
      const target = typeof node === "string" ? document.querySelector(node) : node;
      frame = document.createElement("iframe");
      frame.src = BASE + "/elements/payment?key=" + encodeURIComponent(stripe.key);
      frame.title = "Secure card payment input frame";
      frame.style.cssText = "border:0;width:100%;height:170px;display:block";
      emit("loaderstart", { elementType: type });
      target.appendChild(frame);
    },
    on(name, handler) { (handlers[name] = handlers[name] || []).push(handler); return element; },
    off(name, handler) { handlers[name] = (handlers[name] || []).filter((h) => h !== handler); return element; },
    once(name, handler) { const once = (payload) => { element.off(name, once); handler(payload); }; return element.on(name, once); },
    update() {}, focus() { frame && frame.focus(); }, blur() {}, clear() {}, collapse() {},
    unmount() { frame && frame.remove(); frame = null; },
    destroy() { element.unmount(); },
    get frame() { return frame; },
  };
  return element;
}
function makeElements(stripe, options) {
  const created = {};
  return {
    _options: options || {},
    create(type, elementOptions) { return (created[type] = makeElement(stripe, type, elementOptions)); },
    getElement(type) { return created[type] || null; },
    update(next) { Object.assign(this._options, next); },
    fetchUpdates: async () => ({}),
    submit: async () => ({}),
  };
}
const retrieve = async (key, clientSecret) => {
  const id = clientSecret.split("_secret_")[0];
  const answer = await fetch(BASE + "/v1/payment_intents/" + id + "?key=" + encodeURIComponent(key) + "&client_secret=" + encodeURIComponent(clientSecret));
  return answer.json();
};
const challenge = (url) => new Promise((resolve) => {
  const overlay = document.createElement("div");
  overlay.style.cssText = "position:fixed;inset:0;background:rgba(0,0,0,.5);display:flex;align-items:center;justify-content:center;z-index:2147483647";
  const frame = document.createElement("iframe");
  frame.title = "3D Secure authentication";
  frame.src = url + (url.includes("?") ? "&" : "?") + "frame=1";
  frame.style.cssText = "border:0;background:#fff;width:min(360px,92vw);height:320px;border-radius:8px";
  overlay.appendChild(frame);
  document.body.appendChild(overlay);
  listen((data) => { if (data.type === "3ds-done") { overlay.remove(); resolve(); } });
});
function Stripe(key) {
  if (typeof key !== "string" || !key.startsWith("pk_")) throw new Error("Invalid publishable key");
  const stripe = {
    key,
    elements: (options) => makeElements(stripe, options),
    createToken: async () => ({ error: { message: "Not in the local Stripe" } }),
    createPaymentMethod: async () => ({ error: { message: "Not in the local Stripe" } }),
    confirmCardPayment: async () => ({ error: { message: "Not in the local Stripe" } }),
    retrievePaymentIntent: async (clientSecret) => ({ paymentIntent: await retrieve(key, clientSecret) }),
    registerAppInfo() {}, _registerWrapper() {},
    async confirmPayment({ elements, confirmParams }) {
      const element = elements.getElement("payment");
      if (!element || !element.frame) return { error: { type: "validation_error", message: "The card field is not ready." } };
      const clientSecret = elements._options.clientSecret;
      const nonce = Math.random().toString(36).slice(2);
      const confirmed = new Promise((resolve) => listen((data) => { if (data.type === "confirmed" && data.nonce === nonce) resolve(data.body); }));
      element.frame.contentWindow.postMessage({ type: "confirm", clientSecret, nonce, returnUrl: (confirmParams || {}).return_url }, BASE);
      const body = await confirmed;
      if (body.error) return { error: body.error };
      if (body.status === "requires_action" && body.next_action) await challenge(body.next_action.redirect_to_url.url);
      const intent = await retrieve(key, clientSecret);
      if (intent.status === "requires_payment_method") return { error: intent.last_payment_error || { message: "Payment failed" } };
      return { paymentIntent: intent };
    },
  };
  return stripe;
}
Stripe.version = "endive";
window.Stripe = Stripe;
})();
`;

/**
 * The pages the local Stripe hosts where Stripe would (server.ts): Express onboarding, the 3-D Secure
 * challenge of Stripe's test cards, and the card field Stripe.js frames. Plain, labelled HTML: they
 * run inside MealShare's pages in the browser tests, and axe reads them there.
 */

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const page = (title: string, body: string, script = "") => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font:16px system-ui,sans-serif;margin:0;padding:12px;color:#1a1a1a;background:#fff}
button{font:inherit;padding:10px 16px;margin:4px 8px 4px 0;border-radius:6px;border:1px solid #555;background:#f4f4f4;color:#1a1a1a}
label{display:block;margin-block:6px 2px;font-size:14px}input{font:inherit;padding:8px;width:100%;box-sizing:border-box;border:1px solid #666;border-radius:6px}
.row{display:flex;gap:8px}.row>div{flex:1}</style></head>
<body><main>${body}</main>${script ? `<script>${script}</script>` : ""}</body></html>`;

/** Express onboarding: one button finishes it and goes back to MealShare. */
export const onboardingPage = (account: string, query: Record<string, string>) =>
  page(
    "Stripe Express (local)",
    `<h1>Stripe Express (local)</h1>
<p>This is the local Stripe. A real Stripe asks here for the cook's details and bank account.</p>
<form method="post" action="/connect/onboarding/${escapeHtml(account)}">
<input type="hidden" name="return_url" value="${escapeHtml(query.return_url ?? "")}">
<button type="submit">Finish onboarding</button></form>`,
  );

/** The 3-D Secure challenge: complete or fail it, as Stripe's test page offers. */
export const challengePage = (intent: string, query: Record<string, string>) => {
  const framed = query.frame === "1";
  const script = framed
    ? `for (const button of document.querySelectorAll("button")) button.addEventListener("click", async (event) => {
  event.preventDefault();
  await fetch(location.pathname, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "result=" + button.value });
  parent.postMessage({ source: "fake-stripe", type: "3ds-done" }, "*");
});`
    : "";
  return page(
    "3D Secure 2 Test Page",
    `<h1>3D Secure 2 Test Page</h1>
<p>Complete or fail this test payment's authentication.</p>
<form method="post" action="/3ds/${escapeHtml(intent)}">
<input type="hidden" name="return_url" value="${framed ? "" : escapeHtml(query.return_url ?? "")}">
<button type="submit" name="result" value="complete">Complete authentication</button>
<button type="submit" name="result" value="fail">Fail authentication</button></form>`,
    script,
  );
};

/** The card field Stripe.js frames (stripe-js.ts): it confirms the intent itself, as Stripe's does. */
export const elementsPage = (base: string, query: Record<string, string>) =>
  page(
    "Card details",
    `<label for="number">Card number</label><input id="number" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234">
<div class="row"><div><label for="expiry">Expiry date</label><input id="expiry" autocomplete="cc-exp" placeholder="MM / YY"></div>
<div><label for="cvc">Security code</label><input id="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="CVC"></div></div>`,
    `const key = ${JSON.stringify(query.key ?? "")};
const number = document.getElementById("number");
const tell = (message) => parent.postMessage({ source: "fake-stripe", ...message }, "*");
number.addEventListener("input", () => {
  const digits = number.value.replace(/\\D/g, "");
  tell({ type: "change", complete: digits.length >= 16, empty: digits.length === 0 });
});
addEventListener("message", async (event) => {
  const data = event.data || {};
  if (data.type !== "confirm") return;
  const intent = data.clientSecret.split("_secret_")[0];
  const body = new URLSearchParams({ key, client_secret: data.clientSecret, "payment_method_data[type]": "card",
    "payment_method_data[card][number]": number.value.replace(/\\s/g, ""), return_url: data.returnUrl || "" });
  const answer = await fetch(${JSON.stringify(base)} + "/v1/payment_intents/" + intent + "/confirm", { method: "POST", body });
  tell({ type: "confirmed", nonce: data.nonce, body: await answer.json() });
});
tell({ type: "ready" });`,
  );

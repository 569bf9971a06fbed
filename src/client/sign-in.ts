/**
 * The script of the emailed sign-in's page (src/server/auth/pages.ts, docs/decisions/016): where the
 * browser can use passkeys, it shows "Sign in with a passkey" and offers the member's passkeys in the
 * email field's autofill (WebAuthn conditional mediation). Without it the page works as a plain form.
 * Built as its own small entry (vite.config.ts), apart from the app.
 */
import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  WebAuthnAbortService,
} from "@simplewebauthn/browser";
import { rememberTimeZone } from "./lib/time-zone";

interface Options {
  challengeId: string;
  options: Parameters<typeof startAuthentication>[0]["optionsJSON"];
}

// The member's first page after signing in is drawn by the server in this zone (lib/time-zone.ts).
rememberTimeZone();

const box = document.getElementById("passkey");
const button = document.getElementById("passkey-button") as HTMLButtonElement | null;
const errorLine = document.getElementById("passkey-error");

/** Asks for a challenge, lets the browser sign it, and goes where the server says. */
async function signIn(autofill: boolean): Promise<void> {
  const answer = await fetch("/api/login/passkey/options", { method: "POST" });
  if (!answer.ok) throw new Error(`options ${answer.status}`);
  const { challengeId, options } = (await answer.json()) as Options;
  const response = await startAuthentication({ optionsJSON: options, useBrowserAutofill: autofill });
  const done = await fetch("/api/login/passkey", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ challengeId, response, returnTo: box?.dataset.returnTo }),
  });
  if (!done.ok) throw new Error(`sign-in ${done.status}`);
  const { redirect } = (await done.json()) as { redirect: string };
  window.location.assign(redirect);
}

function failed(error: unknown) {
  // The person closed the browser's dialog, or autofill gave way to the button: nothing to say.
  if (error instanceof Error && (error.name === "AbortError" || error.name === "NotAllowedError")) return;
  if (errorLine) errorLine.textContent = errorLine.dataset.failed ?? "";
}

if (box && button && browserSupportsWebAuthn()) {
  box.hidden = false;
  button.addEventListener("click", () => {
    if (errorLine) errorLine.textContent = "";
    signIn(false).catch(failed);
  });
  void browserSupportsWebAuthnAutofill().then((supported) => {
    if (supported) signIn(true).catch(failed);
  });
  // Typing an email and sending it ends the autofill's wait.
  document.querySelector("form")?.addEventListener("submit", () => WebAuthnAbortService.cancelCeremony());
}

/**
 * "Check your email" goes on by itself once this browser is signed in, by the link in another tab or
 * a passkey (docs/features/everyday-journey.md): it asks who is signed in every few
 * seconds while the page is in view, and at once when it comes back into view.
 */
const waiting = document.getElementById("code-wait");
if (waiting) {
  const returnTo = waiting.dataset.returnTo ?? "/";
  let timer: number | undefined;
  const check = async () => {
    window.clearTimeout(timer);
    if (document.visibilityState !== "visible") return;
    const answer = await fetch("/api/auth/user", { headers: { accept: "application/json" } }).catch(
      () => null,
    );
    if (answer?.ok) window.location.replace(returnTo);
    else timer = window.setTimeout(check, 3000);
  };
  document.addEventListener("visibilitychange", () => void check());
  timer = window.setTimeout(check, 3000);
}

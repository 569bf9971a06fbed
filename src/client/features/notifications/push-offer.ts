/**
 * When to offer push (docs/features/notifications.md point 2): after the user's first request or first
 * meal — the moment an answer is worth hearing about — and never on first load. `offerPush` marks that
 * moment; the prompt (components/push-prompt.tsx) then shows once, unless this device said "Not now"
 * before.
 */
import { useSyncExternalStore } from "react";

const DISMISSED_KEY = "mealshare:push-prompt-dismissed";
const listeners = new Set<() => void>();
let offered = false;

/** Call after a request is sent or a meal is posted. */
export function offerPush(): void {
  if (offered) return;
  offered = true;
  for (const listener of listeners) listener();
}

/** "Not now": this device is not asked again (Settings → Notifications still turns push on). */
export function dismissPushOffer(): void {
  localStorage.setItem(DISMISSED_KEY, new Date().toISOString());
  offered = false;
  for (const listener of listeners) listener();
}

/** Whether the offer stands: made this session and never dismissed on this device. */
export function usePushOffer(): boolean {
  const isOffered = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => offered,
    () => false,
  );
  return isOffered && localStorage.getItem(DISMISSED_KEY) === null;
}

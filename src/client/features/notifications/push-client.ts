/**
 * Web Push in the browser (docs/features/notifications.md point 2): asking permission, subscribing this
 * device with the server's VAPID key, and telling the server (`PUT /api/push/subscription`, tied to this
 * session). Which user turned push on here is remembered on the device, so a second person signing in on
 * a shared browser is not subscribed just because the first one allowed notifications.
 */
import { useSyncExternalStore } from "react";
import { apiRequest, getJson } from "@/client/lib/api-client";

/** This device's push state for the signed-in user. */
export type PushState = "unsupported" | "blocked" | "off" | "on";

const ENABLED_KEY = "mealshare:push-user";
const listeners = new Set<() => void>();
let state: PushState = "off";

/** Whether this browser can receive Web Push at all (needs a service worker and the Push API). */
export function isPushSupported(): boolean {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!isPushSupported()) return null;
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

function setState(next: PushState) {
  state = next;
  for (const listener of listeners) listener();
}

/**
 * Works out this device's state for `userId`, and renews the server's copy of the subscription
 * when this user turned push on here (it belongs to a session: a new sign-in needs it again).
 */
export async function syncPush(userId: string): Promise<PushState> {
  if (!isPushSupported()) {
    setState("unsupported");
    return state;
  }
  if (Notification.permission === "denied") {
    setState("blocked");
    return state;
  }
  const subscription = await (await registration())?.pushManager.getSubscription();
  const mine = localStorage.getItem(ENABLED_KEY) === userId;
  if (subscription && mine && Notification.permission === "granted") {
    await apiRequest("PUT", "/api/push/subscription", subscription.toJSON()).catch(() => {});
    setState("on");
  } else {
    setState("off");
  }
  return state;
}

/** The VAPID public key (base64url) as the bytes `applicationServerKey` wants. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Asks the browser's permission and subscribes this device for `userId`.
 * @returns the state after: "on", or "blocked" when the user said no
 * @throws Error when the browser or its push service fails, or the server refuses
 */
export async function turnOnPush(userId: string): Promise<PushState> {
  if (!isPushSupported()) throw new Error("This browser cannot show notifications.");
  const permission = await Notification.requestPermission();
  if (permission !== "granted") {
    setState(permission === "denied" ? "blocked" : "off");
    return state;
  }
  const worker = (await registration()) ?? (await navigator.serviceWorker.ready);
  const { publicKey } = await getJson<{ publicKey: string }>("/api/push/public-key");
  const subscription =
    (await worker.pushManager.getSubscription()) ??
    (await worker.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    }));
  await apiRequest("PUT", "/api/push/subscription", subscription.toJSON());
  localStorage.setItem(ENABLED_KEY, userId);
  setState("on");
  return state;
}

/** Stops push on this device: the server forgets it and the browser drops the subscription. */
export async function turnOffPush(): Promise<void> {
  const subscription = await (await registration())?.pushManager.getSubscription();
  if (subscription) {
    await apiRequest("DELETE", "/api/push/subscription", { endpoint: subscription.endpoint });
    await subscription.unsubscribe();
  }
  localStorage.removeItem(ENABLED_KEY);
  setState("off");
}

/** This device's push state, kept current by `syncPush`, `turnOnPush` and `turnOffPush`. */
export function usePushState(): PushState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => state,
  );
}

/**
 * The service worker (docs/features/notifications.md points 1 and 2), built by vite-plugin-pwa with
 * Workbox's precache manifest injected:
 * - the app shell (index.html, scripts, styles, icons) is precached, so the app opens offline: a page
 *   navigation is answered by the server (its first screen drawn there) and, with no connection or a
 *   slow one, with the kept index.html; the app then says it is offline;
 * - API answers are not cached: they belong to one signed-in user. The one exception is the accepted
 *   eater's pickup pass (docs/features/handover.md point 4): kept when shown, answered from the network
 *   first and from the copy with no connection, and dropped when the member signs out. Photos are
 *   public and immutable, so the ones seen are kept for offline use;
 * - a push shows its notification, and clicking it opens (or focuses) the app on its link.
 * Type-checked on its own (tsconfig.sw.json): it runs in a worker, not a page.
 */
/// <reference lib="webworker" />
import { clientsClaim } from "workbox-core";
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { CacheFirst, NetworkFirst } from "workbox-strategies";

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

// A new build takes over at once (registerType "autoUpdate").
self.skipWaiting();
clientsClaim();

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/**
 * How long a page navigation waits for the server before the kept shell answers it (ms): on a poor
 * connection the server's page, with its first screen drawn and its answers inside (docs/decisions/019),
 * is worth a few seconds, as the shell would then ask for the same answers itself.
 */
const PAGE_TIMEOUT_MS = 4_000;

/** The kept shell (index.html), which draws any page once its script runs. */
const shell = createHandlerBoundToURL("/index.html");

// Pages are the single-page app's; the server's own paths (API, sign-in, photos, probes) are not. The
// server's page first, as it draws the first screen; the kept shell when there is no connection, the
// server fails, or it is slower than PAGE_TIMEOUT_MS. Nothing of a member's page is kept.
registerRoute(
  new NavigationRoute(
    async (options) => {
      const timeout = new Promise<undefined>((resolve) => setTimeout(resolve, PAGE_TIMEOUT_MS));
      const page = fetch(options.request).then(
        // A redirect is the server's answer too (the browser follows it).
        (response) => (response.ok || response.type === "opaqueredirect" ? response : undefined),
        () => undefined,
      );
      return (await Promise.race([page, timeout])) ?? shell(options);
    },
    { denylist: [/^\/api\//, /^\/oidc/, /^\/objects\//, /^\/(healthz|readyz|metrics)$/] },
  ),
);

registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith("/objects/photos/"),
  new CacheFirst({
    cacheName: "photos",
    plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 60 * 60 })],
  }),
);

/** The cache of pickup passes; signing out empties it. */
const PASSES = "pickup-passes";
const PASS_PATH = /^\/api\/requests\/[0-9a-f-]{36}\/pass$/;

registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && request.method === "GET" && PASS_PATH.test(url.pathname),
  new NetworkFirst({
    cacheName: PASSES,
    // A doorstep with one bar of signal: the kept pass after a few seconds rather than a spinner.
    networkTimeoutSeconds: 4,
    plugins: [new ExpirationPlugin({ maxEntries: 20, maxAgeSeconds: 14 * 24 * 60 * 60 })],
  }),
);

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (
    event.request.method === "POST" &&
    url.origin === self.location.origin &&
    url.pathname === "/api/logout"
  ) {
    // The passes are this member's; the next person on this phone must not find them.
    event.waitUntil(caches.delete(PASSES));
  }
});

/** What the server pushes (features/notifications/push.ts `PushPayload`). */
interface PushPayload {
  title?: string;
  body?: string;
  url?: string;
  tag?: string;
}

self.addEventListener("push", (event) => {
  let payload: PushPayload = {};
  try {
    payload = event.data?.json() ?? {};
  } catch {
    payload = { body: event.data?.text() };
  }
  event.waitUntil(
    self.registration.showNotification(payload.title ?? "MealShare", {
      body: payload.body ?? "",
      tag: payload.tag,
      icon: "/pwa-192x192.png",
      badge: "/pwa-64x64.png",
      data: { url: payload.url ?? "/" },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  // Only our own pages: a payload cannot send the user elsewhere.
  const target = new URL(String(event.notification.data?.url ?? "/"), self.location.origin);
  const url = target.origin === self.location.origin ? target.href : self.location.origin;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        await open.navigate(url);
        await open.focus();
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});

// The push service replaced the subscription (keys rotated, expired): tell the server the new one.
self.addEventListener("pushsubscriptionchange", (event) => {
  const change = event as Event & { oldSubscription?: PushSubscription | null };
  const options = change.oldSubscription?.options;
  if (!options?.applicationServerKey) return;
  (event as ExtendableEvent).waitUntil(
    self.registration.pushManager.subscribe(options).then((subscription) =>
      fetch("/api/push/subscription", {
        method: "PUT",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(subscription.toJSON()),
      }),
    ),
  );
});

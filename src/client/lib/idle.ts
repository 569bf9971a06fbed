/**
 * Work the first screen does not show (the service worker's registration, the toaster's code) waits
 * until the browser is idle after the app's first render, so its requests and tasks do not compete
 * with the page's own on a slow phone (docs/decisions/015 "Phones").
 */

/**
 * Runs `callback` once, when the browser is next idle after the `load` event, or `timeoutMs` after
 * that at the latest. Where `requestIdleCallback` is missing (Safari), in the next task after `load`.
 * Called from an effect, it runs after that render has been committed and painted.
 * @param timeoutMs the longest wait for an idle period once the page has loaded, in milliseconds
 */
export function whenIdle(callback: () => void, timeoutMs = 2_000): void {
  const schedule = () => {
    if (typeof window.requestIdleCallback === "function")
      window.requestIdleCallback(() => callback(), { timeout: timeoutMs });
    else setTimeout(callback, 0);
  };
  if (document.readyState === "complete") schedule();
  else window.addEventListener("load", schedule, { once: true });
}

/**
 * Registers the service worker (docs/features/notifications.md point 1) in a production build: it
 * precaches the app shell in the background so the next visit opens offline, and takes over updates
 * by itself.
 */
export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator) || !import.meta.env.PROD) return;
  void import("virtual:pwa-register").then(({ registerSW }) => registerSW({ immediate: true }));
}

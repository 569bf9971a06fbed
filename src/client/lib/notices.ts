/**
 * What the app tells its user outside a page (an error toast, "you are signed out"), without
 * `lib/` knowing how that is drawn: the app shell registers the handler (the toaster), and `lib/`
 * only calls `notify`. Notices raised before a handler is registered are kept and handed over.
 */

/** One notice: a title, an optional line under it, and whether it reports a failure. */
export interface Notice {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
}

let handler: ((notice: Notice) => void) | null = null;
const waiting: Notice[] = [];

/** Shows a notice through the registered handler (or once one is registered). */
export function notify(notice: Notice): void {
  if (handler) handler(notice);
  else waiting.push(notice);
}

/** Registers how notices are shown (the app shell's toaster); called once at start-up. */
export function setNoticeHandler(show: (notice: Notice) => void): void {
  handler = show;
  for (const notice of waiting.splice(0)) show(notice);
}

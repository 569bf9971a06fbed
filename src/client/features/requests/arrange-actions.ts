import type { RequestStatus } from "@/contract/requests";

/**
 * Where each move the server allows on a thread (the request's `abilities`, spec §4 "Request status")
 * goes: the first things to do as buttons, the rest (cancelling; completing a request not yet
 * accepted; reporting a no-show) under More actions — or as buttons when nothing else is there.
 * Every move in `allowed` is placed once; none is added, so the thread offers exactly the server's.
 */
export function arrangeActions(
  status: RequestStatus,
  allowed: readonly RequestStatus[],
): { primary: RequestStatus[]; more: RequestStatus[] } {
  const later = (to: RequestStatus) =>
    to === "cancelled" || to === "no_show" || (to === "completed" && status === "pending");
  const primary = allowed.filter((to) => !later(to));
  const more = allowed.filter(later);
  return primary.length === 0 ? { primary: more, more: [] } : { primary, more };
}

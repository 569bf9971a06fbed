/**
 * The accepted eater's pickup pass (`GET /api/requests/{id}/pass`; docs/features/handover.md point 4).
 * Asked for even when the browser says it is offline: the service worker answers with the copy it kept
 * (src/client/sw.ts), and the pass is fetched again when the connection comes back.
 */
import { useQuery } from "@tanstack/react-query";
import { getJson } from "@/client/lib/api-client";
import type { PickupPass } from "@/contract/requests";

export function usePickupPass(requestId: string) {
  return useQuery({
    queryKey: ["/api/requests", requestId, "pass"],
    queryFn: () => getJson<PickupPass>(`/api/requests/${requestId}/pass`),
    networkMode: "always",
    refetchOnReconnect: true,
    retry: false,
  });
}

/**
 * `PUT /api/notifications/read` (DESIGN.md §4 "Notifications"): opening a thread marks its
 * notifications read, and the nav badge follows.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/client/lib/api-client";
import { notificationsQuery } from "./get-notifications";

export function useMarkThreadRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (requestId: string) => {
      await apiRequest("PUT", "/api/notifications/read", { requestId });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsQuery.queryKey }),
  });
}

/**
 * `PUT /api/notifications/read` (docs/DESIGN.md §4 "Notifications"): opening a thread marks its
 * notifications read, the reviews page those of reviews received, and Mark all as read all of
 * them; the bell and the Requests badge follow.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { apiRequest } from "@/client/lib/api-client";
import type { NotificationType } from "@/contract/notifications";
import { notificationsQuery } from "./get-notifications";

/** Marks read all unread notifications, one thread's (`requestId`), or one type's. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (filter: { requestId?: string; type?: NotificationType }) => {
      await apiRequest("PUT", "/api/notifications/read", filter);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsQuery.queryKey }),
  });
}

/** Marks one thread's notifications read; `mutate` keeps its identity, like the mutation's own. */
export function useMarkThreadRead() {
  const mark = useMarkNotificationsRead();
  const { mutate: markRead } = mark;
  const mutate = useCallback((requestId: string) => markRead({ requestId }), [markRead]);
  return { ...mark, mutate };
}

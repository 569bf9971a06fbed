/** `GET /api/notifications` (spec §7): the newest 50, and unread counts for the bell and badges. */
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Notification, NotificationType } from "@/contract/notifications";

export const notificationsQuery = queryOptions<Notification[]>({ queryKey: ["/api/notifications"] });

/** Unread notifications, of the given types only when `types` is set. */
export function useUnreadCount(types?: readonly NotificationType[]): number {
  const { data } = useQuery(notificationsQuery);
  return (
    data?.filter((notification) => !notification.isRead && (!types || types.includes(notification.type)))
      .length ?? 0
  );
}

/** `GET /api/notifications` (spec §7): the newest 50, and the unread count for the nav badge. */
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Notification } from "@/contract/notifications";

export const notificationsQuery = queryOptions<Notification[]>({ queryKey: ["/api/notifications"] });

export function useUnreadCount(): number {
  const { data } = useQuery(notificationsQuery);
  return data?.filter((notification) => !notification.isRead).length ?? 0;
}

import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { notificationsQuery, useMarkThreadRead } from "@/client/features/notifications";

/** Opening a thread, and new notifications arriving while it is open, mark its notifications read. */
export function useMarkReadWhileOpen(requestId: string, loaded: boolean) {
  const { data: notifications } = useQuery(notificationsQuery);
  const markRead = useMarkThreadRead();
  const link = `/request/${requestId}`;
  const unread =
    notifications
      ?.filter((n) => !n.isRead && n.link === link)
      .map((n) => n.id)
      .join(",") ?? "";
  const { mutate, isPending } = markRead;
  useEffect(() => {
    if (loaded && unread && !isPending) mutate(requestId);
  }, [loaded, unread, requestId, mutate, isPending]);
}

/** What the live stream does to the notifications list and its badge (docs/decisions/005). */
import type { LiveSubscriber } from "@/client/lib/live";
import { invalidateFromNow } from "@/client/lib/refetch";
import type { Notification } from "@/contract/notifications";
import { NOTIFICATIONS_LIMIT } from "@/contract/plain/notifications";
import { notificationsQuery } from "./api/get-notifications";

/** The notifications feature's live handlers: a notification goes to the top of the list, once. */
export const notificationsLive: LiveSubscriber = {
  on: {
    notification: (queryClient, notification) => {
      // Not loaded yet (its first fetch may be under way, begun before this was written): fetch again.
      if (!queryClient.getQueryData(notificationsQuery.queryKey))
        void invalidateFromNow(queryClient, { queryKey: notificationsQuery.queryKey });
      queryClient.setQueryData<Notification[]>(notificationsQuery.queryKey, (old) =>
        old
          ? [notification, ...old.filter((existing) => existing.id !== notification.id)].slice(
              0,
              NOTIFICATIONS_LIMIT,
            )
          : old,
      );
    },
  },
  resync: (queryClient) => void invalidateFromNow(queryClient, { queryKey: notificationsQuery.queryKey }),
};

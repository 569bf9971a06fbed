/**
 * Every feature's live handlers, in the order they hear an event (docs/decisions/005): the stream
 * knows no event's meaning, each feature writes its own data.
 */
import { mealsLive } from "@/client/features/meals";
import { notificationsLive } from "@/client/features/notifications";
import { requestsLive } from "@/client/features/requests";
import type { LiveSubscriber } from "@/client/lib/live";

export const LIVE_SUBSCRIBERS: readonly LiveSubscriber[] = [notificationsLive, requestsLive, mealsLive];

/**
 * What a feature does with the live events that touch its data (docs/decisions/005): each feature
 * declares one `LiveSubscriber` beside its queries, which own their keys; the stream
 * (src/client/features/live) only connects, resyncs and hands each event to every subscriber.
 */
import type { QueryClient } from "@tanstack/react-query";
import type { LiveEventPayloads, LiveEventType } from "@/contract/live";

/** The events that carry data; `resync` and `ready` belong to the stream itself. */
export type LiveDataEventType = Exclude<LiveEventType, "resync" | "ready">;

/** A feature's handlers of live events. */
export interface LiveSubscriber {
  /** Writes an event into the feature's cached data; each event names the resources it touches. */
  on: { [T in LiveDataEventType]?: (queryClient: QueryClient, payload: LiveEventPayloads[T]) => void };
  /** Events may have been missed: refetch what the feature shows live (shown queries refetch). */
  resync: (queryClient: QueryClient) => void;
}

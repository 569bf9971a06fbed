/**
 * A small Server-Sent Events client for tests and benchmarks: reads `GET /api/stream` over real
 * HTTP with a session cookie, parses it with eventsource-parser, and lets the caller wait for an
 * event matching a condition (never for a fixed time).
 */
import { createParser, type EventSourceMessage } from "eventsource-parser";

/** One parsed SSE event with its JSON data and when it arrived (performance.now(), ms). */
export interface ReceivedEvent {
  id?: string;
  event: string;
  data: unknown;
  receivedAt: number;
}

export interface TestStream {
  status: number;
  events: ReceivedEvent[];
  /** Whether the server has ended the stream (or it was closed here). */
  ended(): boolean;
  /** Resolves when the server ends the stream; rejects after `timeoutMs`. */
  waitForEnd(timeoutMs?: number): Promise<void>;
  /**
   * Resolves with the first event, at or after index `from`, that matches; rejects after
   * `timeoutMs` naming what it waited for.
   */
  waitFor(
    match: (event: ReceivedEvent) => boolean,
    options?: { from?: number; timeoutMs?: number },
  ): Promise<ReceivedEvent>;
  close(): void;
}

/**
 * Opens the stream.
 * @param baseUrl e.g. http://127.0.0.1:5123
 * @param cookie the session cookie header value
 * @param lastEventId sent as `Last-Event-ID`, as a reconnecting browser does
 */
export async function openStream(baseUrl: string, cookie: string, lastEventId?: string): Promise<TestStream> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/stream`, {
    headers: {
      cookie,
      accept: "text/event-stream",
      ...(lastEventId ? { "last-event-id": lastEventId } : {}),
    },
    signal: controller.signal,
  });
  const events: ReceivedEvent[] = [];
  const listeners = new Set<() => void>();
  const parser = createParser({
    onEvent(message: EventSourceMessage) {
      let data: unknown = message.data;
      try {
        data = JSON.parse(message.data);
      } catch {
        // Not JSON: keep the text.
      }
      events.push({ id: message.id, event: message.event ?? "message", data, receivedAt: performance.now() });
      for (const listener of listeners) listener();
    },
  });
  let ended = !(response.ok && response.body);
  const end = (async () => {
    if (!response.ok || !response.body) return;
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      parser.feed(decoder.decode(value, { stream: true }));
    }
  })()
    .catch(() => {})
    .finally(() => {
      ended = true;
    });

  return {
    status: response.status,
    events,
    waitFor(match, { from = 0, timeoutMs = 5000 } = {}) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.slice(from).find(match);
          if (!found) return false;
          listeners.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(
            new Error(
              `no matching event within ${timeoutMs} ms; got ${JSON.stringify(events.map((e) => e.event))}`,
            ),
          );
        }, timeoutMs);
        if (!check()) listeners.add(check);
      });
    },
    ended: () => ended,
    waitForEnd(timeoutMs = 5000) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`the stream did not end within ${timeoutMs} ms`)),
          timeoutMs,
        );
      });
      return Promise.race([end, timeout]).finally(() => clearTimeout(timer));
    },
    close: () => controller.abort(),
  };
}

/**
 * The API calls exchange tests make again and again, each the real endpoint: asking for a meal and
 * moving a request. Factories (tests/factories.ts) build rows; these go through the routes, so the
 * rules, notifications and emails of the move happen.
 */
import type { LightMyRequestResponse } from "fastify";
import type { TestApp } from "./harness";

/** The body of `PUT /api/requests/{id}/status`. */
type StatusBody = { status: string; portions?: number; reason?: string; [field: string]: unknown };

/**
 * Moves a request as `cookie`'s member (`PUT /api/requests/{id}/status`).
 * @param change a status — a no-show or a dispute is reported with what happened — or the whole body,
 *   sent as it is (so a test can leave the reason out)
 */
export function setStatus(
  t: Pick<TestApp, "api">,
  cookie: string,
  id: string,
  change: string | StatusBody,
): Promise<LightMyRequestResponse> {
  const payload =
    typeof change !== "string"
      ? change
      : change === "no_show" || change === "disputed"
        ? { status: change, reason: "Nobody came to the door." }
        : { status: change };
  return t.api({ method: "PUT", url: `/api/requests/${id}/status`, cookie, payload });
}

/** Asks for `mealId` as `cookie`'s member (`POST /api/requests`), with `message` for the cook. */
export function askFor(
  t: Pick<TestApp, "api">,
  cookie: string,
  mealId: string,
  message: string | null = null,
): Promise<LightMyRequestResponse> {
  return t.api({ method: "POST", url: "/api/requests", cookie, payload: { mealId, message } });
}

/**
 * Calendar endpoints (docs/features/notifications.md point 6): an accepted request's `.ics`, turning the
 * private feed on, resetting and off, and the feed itself — public by its secret token, as calendar apps
 * fetch it without cookies.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorSchema, idParamsSchema } from "../../../contract/common";
import { supportedLanguage } from "../../../contract/i18n";
import { msg } from "../../../contract/messages";
import { requireActor } from "../../auth/users";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { notFound } from "../../errors";
import { translate } from "../../i18n";
import {
  calendarFeed,
  disableCalendarFeed,
  hasCalendarFeed,
  requestCalendar,
  resetCalendarFeed,
  type Say,
} from "./service";

const feedStateSchema = z.object({
  enabled: z.boolean(),
  /** The feed's URL, only in the answer that created it (only its hash is kept). */
  url: z.string().optional(),
});
const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema };
const FEED_FILE = /^([A-Za-z0-9_-]{32})\.ics$/;

/** Signed-in routes; the caller's scope already requires a user. */
export function registerCalendarRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/requests/:id/calendar.ics",
    {
      schema: {
        tags: ["calendar"],
        summary: "An accepted request's pickup window as an iCalendar event (participants only)",
        params: idParamsSchema,
      },
    },
    async (request, reply) => {
      const say: Say = (message, params) => translate(message, request.lng, config.currency, params);
      const ics = await requestCalendar(
        db,
        requireActor(request).id,
        request.params.id,
        config.publicUrl,
        say,
      );
      return reply
        .type("text/calendar; charset=utf-8")
        .header("Content-Disposition", 'attachment; filename="mealshare-pickup.ics"')
        .send(ics);
    },
  );
  registerCalendarFeedRoutes(app, { db, config });
}

/** The member's calendar feed: read, made and stopped. */
function registerCalendarFeedRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/user/calendar",
    {
      schema: {
        tags: ["calendar"],
        summary: "Whether your private calendar feed is on",
        response: { 200: feedStateSchema, ...errors },
      },
    },
    async (request) => ({ enabled: await hasCalendarFeed(db, requireActor(request).id) }),
  );
  r.put(
    "/api/user/calendar",
    {
      schema: {
        tags: ["calendar"],
        summary: "Turn your private calendar feed on, or reset its link (the old link stops working)",
        response: { 200: feedStateSchema, ...errors },
      },
    },
    async (request) => ({
      enabled: true,
      url: `${config.publicUrl}${await resetCalendarFeed(db, requireActor(request).id)}`,
    }),
  );
  r.delete(
    "/api/user/calendar",
    {
      schema: {
        tags: ["calendar"],
        summary: "Turn your private calendar feed off (its link stops working)",
        response: { 200: feedStateSchema, ...errors },
      },
    },
    async (request) => {
      await disableCalendarFeed(db, requireActor(request).id);
      return { enabled: false };
    },
  );
}

/** The public feed, outside the signed-in scope. */
export function registerCalendarFeed(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/calendar/:file",
    {
      schema: {
        tags: ["calendar"],
        summary: "A private calendar feed of accepted pickups: /api/calendar/{token}.ics",
        params: z.object({ file: z.string().max(100) }),
      },
    },
    async (request, reply) => {
      const token = FEED_FILE.exec(request.params.file)?.[1];
      if (!token) throw notFound(msg("Calendar not found"));
      const ics = await calendarFeed(
        db,
        token,
        config.publicUrl,
        (locale) => (message, params) =>
          translate(message, supportedLanguage(locale) ?? config.defaultLanguage, config.currency, params),
      );
      return reply
        .type("text/calendar; charset=utf-8")
        .header("Cache-Control", "private, max-age=300")
        .send(ics);
    },
  );
}

/**
 * The devices a member is signed in on (docs/decisions/016): listing them, signing one out, and
 * signing out everywhere else (their live streams closed through the live channel).
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { deviceSessionSchema } from "../../contract/account";
import { errorResponses } from "../../contract/common";
import { msg } from "../../contract/messages";
import type { Db } from "../db/client";
import { notFound } from "../errors";
import { endSessions, listSessions } from "./sessions";
import { requireActor } from "./users";

const errors = errorResponses(400, 401, 404, 409);

/** The member and the session this request came with. */
export const ownSession = (request: FastifyRequest) => ({
  user: requireActor(request),
  sessionId: request.sessionId ?? "",
});

/** Registers the session routes; each checks the session itself. */
export function registerSessionRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Signed-in devices.
  r.get(
    "/api/auth/sessions",
    {
      schema: {
        tags: ["account"],
        summary: "The devices you are signed in on: browser, when signed in and last used",
        response: { 200: z.array(deviceSessionSchema), ...errors },
      },
    },
    async (request) => {
      const { user, sessionId } = ownSession(request);
      const rows = await listSessions(db, user.id, sessionId);
      return rows.map((row) => ({
        ...row,
        createdAt: row.createdAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
      }));
    },
  );

  r.delete(
    "/api/auth/sessions/:id",
    {
      schema: {
        tags: ["account"],
        summary: "Sign out one of your devices; its open pages stop at once",
        params: z.object({ id: z.uuid({ error: msg("Invalid id") }) }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { user } = ownSession(request);
      if ((await endSessions(db, user.id, { only: request.params.id })) === 0) throw notFound();
      return reply.status(204).send(null);
    },
  );

  r.post(
    "/api/auth/sessions/end-others",
    {
      schema: {
        tags: ["account"],
        summary: "Sign out everywhere else: every session but this one",
        response: { 200: z.object({ ended: z.number().int() }), ...errors },
      },
    },
    async (request) => {
      const { user, sessionId } = ownSession(request);
      return { ended: await endSessions(db, user.id, { except: sessionId }) };
    },
  );
}

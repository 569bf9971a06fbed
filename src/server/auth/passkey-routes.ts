/**
 * A member's passkeys (docs/decisions/016): listing, adding and removing them, with MealShare's own
 * sign-in only.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { addPasskeySchema, passkeySchema, webauthnOptionsSchema } from "../../contract/account";
import { errorResponses } from "../../contract/common";
import { msg } from "../../contract/messages";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { conflict } from "../errors";
import { addPasskey, listPasskeys, passkeyCreationOptions, removePasskey } from "./passkeys";
import { deviceName } from "./sessions";
import { requireActor } from "./users";

const errors = errorResponses(400, 401, 404, 409);

/** The answer to a change of what a provider keeps, with a sign-in provider. */
export const onlyEmailSignIn = () =>
  conflict(
    msg("Your sign-in provider keeps your email and passkeys; change them there."),
    "provider_account",
  );

/** Registers the passkey routes; each checks the session itself. */
export function registerPasskeyRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const emailSignIn = config.signIn === "email";

  // Passkeys.
  r.get(
    "/api/auth/passkeys",
    {
      schema: {
        tags: ["account"],
        summary: "Your passkeys, with when each was last used",
        response: { 200: z.array(passkeySchema), ...errors },
      },
    },
    async (request) => listPasskeys(db, requireActor(request).id),
  );

  r.post(
    "/api/auth/passkeys/options",
    {
      schema: {
        tags: ["account"],
        summary: "Begin adding a passkey: the options for navigator.credentials.create",
        response: { 200: webauthnOptionsSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireActor(request);
      if (!emailSignIn) throw onlyEmailSignIn();
      return passkeyCreationOptions(db, config, user);
    },
  );
  registerPasskeyChangeRoutes(app, { db, config });
}

/** A passkey added, and one removed. */
function registerPasskeyChangeRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const emailSignIn = config.signIn === "email";

  r.post(
    "/api/auth/passkeys",
    {
      schema: {
        tags: ["account"],
        summary: "Finish adding a passkey: the browser's answer and a name for it",
        body: addPasskeySchema,
        response: { 201: passkeySchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireActor(request);
      if (!emailSignIn) throw onlyEmailSignIn();
      reply.status(201);
      const name = request.body.name || deviceName(request.headers["user-agent"]);
      return addPasskey(db, config, user, { ...request.body, name });
    },
  );

  r.delete(
    "/api/auth/passkeys/:id",
    {
      schema: {
        tags: ["account"],
        summary: "Remove one of your passkeys",
        params: z.object({ id: z.string().min(1).max(1400) }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removePasskey(db, requireActor(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );
}

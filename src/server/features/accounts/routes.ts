/**
 * Leaving MealShare (docs/decisions/017): "Delete my account", confirmed by a fresh emailed code or a
 * passkey where MealShare signs people in (with a provider, by having signed in within the last
 * `FRESH_SIGN_IN_MINUTES`); "Keep my account" in the grace period; an admin's deletion with a reason;
 * and "Download my data", a ZIP a day (export.ts).
 */

import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  adminDeletionSchema,
  confirmDeletionSchema,
  deletionScheduledSchema,
} from "../../../contract/account";
import { currentUserSchema } from "../../../contract/auth";
import { errorSchema, idParamsSchema } from "../../../contract/common";
import { msg } from "../../../contract/messages";
import { authorize } from "../../abilities";
import { sendCodeEmail } from "../../auth/code-email";
import { codeSentTooOften, issueCode } from "../../auth/email-codes";
import { assertOwnerProof } from "../../auth/proof";
import { SESSION_COOKIE, sessionStartedAt } from "../../auth/sessions";
import { presentCurrentUser, requireActor, requireAdmin } from "../../auth/users";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { AppError, validation } from "../../errors";
import type { Mailer } from "../../mail";
import type { ObjectStorage } from "../../storage/storage";
import { deleteMemberRefusal } from "../users";
import { eraseAccount, keepAccount, requestDeletion } from "./deletion";
import { registerDataExportRoutes } from "./export-routes";

/** How recent a sign-in confirms a deletion where a provider signs people in. */
export const FRESH_SIGN_IN_MINUTES = 10;

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/**
 * Throws unless the member proved, just now, that they are who the session says: with MealShare's own
 * sign-in by a fresh emailed code or a passkey, with a provider by a sign-in of the last
 * `FRESH_SIGN_IN_MINUTES` (docs/decisions/017).
 * @throws AppError 403 `sign_in_again` or another account's passkey; 400 a missing or wrong code
 */
async function assertConfirmed(
  db: Db,
  config: Config,
  request: FastifyRequest,
  body: z.infer<typeof confirmDeletionSchema>,
): Promise<void> {
  const emailSignIn = config.signIn === "email";
  const member = requireActor(request);
  const sessionId = request.sessionId ?? "";
  if (!emailSignIn) {
    const started = await sessionStartedAt(db, sessionId);
    if (!started || Date.now() - started.getTime() > FRESH_SIGN_IN_MINUTES * 60_000) {
      throw new AppError(
        403,
        "sign_in_again",
        msg("Sign in again to confirm: deleting an account needs a sign-in of the last {{minutes}} minutes."),
        undefined,
        { minutes: FRESH_SIGN_IN_MINUTES },
      );
    }
    return;
  }
  await assertOwnerProof(db, config, { user: member, sessionId }, body, "delete_account");
}

/** Registers the routes; each checks the session itself. */
export function registerAccountDeletionRoutes(
  app: FastifyInstance,
  deps: { db: Db; config: Config; storage: ObjectStorage; mailer: Mailer },
) {
  const { db, config, storage } = deps;
  // The data export is a resource of its own.
  registerDataExportRoutes(app, { db, storage });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const emailSignIn = config.signIn === "email";

  r.post(
    "/api/account/deletion/code",
    {
      schema: {
        tags: ["account"],
        summary: "Email a code that confirms deleting your account",
        response: { 202: z.object({ sentTo: z.string() }), 429: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const member = requireActor(request);
      if (!emailSignIn) throw validation(msg("Sign in again to confirm instead."));
      const issued = await issueCode(db, config.sessionSecret, {
        purpose: "delete_account",
        email: member.email,
        binding: request.sessionId ?? "",
        userId: member.id,
        requester: { kind: "owner" },
      });
      if ("limited" in issued) {
        throw codeSentTooOften();
      }
      sendCodeEmail(
        { db, mailer: deps.mailer, publicUrl: config.publicUrl, log: request.log },
        { to: member.email, purpose: "delete_account", issued, language: request.lng },
      );
      reply.status(202);
      return { sentTo: member.email };
    },
  );
  registerOwnDeletionRoutes(app, deps);
  registerAdminDeletionRoute(app, deps);
}

/** A member asks for their own deletion, and keeps the account during the grace period. */
function registerOwnDeletionRoutes(
  app: FastifyInstance,
  deps: { db: Db; config: Config; storage: ObjectStorage; mailer: Mailer },
) {
  const { db, config, storage } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    "/api/account/deletion",
    {
      schema: {
        tags: ["account"],
        summary:
          "Delete your account: signs out everywhere, withdraws your open meals and requests, and erases the " +
          "account after ACCOUNT_DELETION_DAYS unless you sign in and keep it",
        body: confirmDeletionSchema,
        response: { 200: deletionScheduledSchema, ...errors },
      },
    },
    async (request, reply) => {
      const member = requireActor(request);
      await assertConfirmed(db, config, request, request.body);
      const scheduled = await requestDeletion(db, member.id, config.accountDeletionDays, null);
      if (config.accountDeletionDays === 0)
        await eraseAccount(db, storage, member.id, { dataDir: config.dataDir, log: request.log });
      reply.clearCookie(SESSION_COOKIE, { path: "/" });
      return scheduled;
    },
  );

  r.post(
    "/api/account/deletion/keep",
    {
      schema: {
        tags: ["account"],
        summary: "Keep my account: calls off its deletion and brings back the meals it withdrew",
        response: { 200: currentUserSchema, ...errors },
      },
    },
    async (request) => {
      const member = requireActor(request);
      await keepAccount(db, member);
      return presentCurrentUser({ ...member, deletionRequestedAt: null }, config);
    },
  );
}

/** An admin deletes a member's account. */
function registerAdminDeletionRoute(
  app: FastifyInstance,
  deps: { db: Db; config: Config; storage: ObjectStorage; mailer: Mailer },
) {
  const { db, config, storage } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    "/api/admin/users/:id/delete",
    {
      schema: {
        tags: ["admin"],
        summary: "Delete a member's account, for a reason kept without their data (as their own deletion)",
        params: idParamsSchema,
        body: adminDeletionSchema,
        response: { 200: deletionScheduledSchema, ...errors },
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      authorize(deleteMemberRefusal(admin, request.params.id));
      const scheduled = await requestDeletion(db, request.params.id, config.accountDeletionDays, {
        admin,
        reason: request.body.reason,
      });
      if (config.accountDeletionDays === 0)
        await eraseAccount(db, storage, request.params.id, { dataDir: config.dataDir, log: request.log });
      return scheduled;
    },
  );
}

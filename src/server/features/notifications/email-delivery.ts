/**
 * Email delivery to the member's address (docs/features/notifications.md "Mail that reaches the
 * inbox"): after `MAIL_STOP_AFTER` permanent failures in a row MealShare stops mailing it
 * (outbound.ts counts them); Settings says so and when, and "Email me again" starts again — as does a
 * new address (auth/email-change.ts).
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { currentUserSchema } from "../../../contract/auth";
import { errorSchema } from "../../../contract/common";
import { presentCurrentUser, requireActor } from "../../auth/users";
import type { Config } from "../../config";
import type { Db, Executor } from "../../db/client";
import type { UserRow } from "../../db/schema";
import { resumeMail } from "../users";

/** Mails the member's address again, from no failures. */
export async function resumeEmailDelivery(db: Executor, memberId: string): Promise<UserRow> {
  return resumeMail(db, memberId);
}

/** `POST /api/user/email-delivery`: "Email me again". */
export function registerEmailDeliveryRoutes(
  app: FastifyInstance,
  { db, config }: { db: Db; config: Config },
) {
  app.withTypeProvider<ZodTypeProvider>().post(
    "/api/user/email-delivery",
    {
      schema: {
        tags: ["notifications"],
        summary: "Email me again: MealShare mails your address again after it stopped for repeated failures",
        response: { 200: currentUserSchema, 401: errorSchema },
      },
    },
    async (request) => presentCurrentUser(await resumeEmailDelivery(db, requireActor(request).id), config),
  );
}

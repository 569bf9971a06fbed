/**
 * Email delivery to the member's address (docs/features/notifications.md "Mail that reaches the
 * inbox"): after `MAIL_STOP_AFTER` permanent failures in a row MealShare stops mailing it
 * (outbound.ts counts them); Settings says so and when, and "Email me again" starts again — as does a
 * new address (auth/email-change.ts).
 */
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { currentUserSchema } from "../../../contract/auth";
import { errorSchema } from "../../../contract/common";
import { presentCurrentUser, requireActor } from "../../auth/users";
import type { Config } from "../../config";
import type { Db, Executor } from "../../db/client";
import { type UserRow, users } from "../../db/schema";

/** Mails the member's address again, from no failures. */
export async function resumeEmailDelivery(db: Executor, memberId: string): Promise<UserRow> {
  const [member] = await db
    .update(users)
    .set({ mailFailures: 0, mailStoppedAt: null, updatedAt: sql`now()` })
    .where(eq(users.id, memberId))
    .returning();
  return member;
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

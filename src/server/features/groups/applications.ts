/**
 * Applications to a group that asks for them (docs/features/groups.md point 1): a member applies with
 * the rules accepted, withdraws, and the group's moderators list and decide them.
 */
import { and, eq, sql } from "drizzle-orm";
import type { GroupApplication } from "../../../contract/groups";
import { msg } from "../../../contract/messages";
import { authorize } from "../../abilities";
import type { ActorRef } from "../../auth/actor";
import { presentPublicUser } from "../../auth/users";
import { type Executor, inTransaction } from "../../db/client";
import { groupApplications, users } from "../../db/schema";
import { conflict, notFound, validation } from "../../errors";
import { type Cursor, keysetPage } from "../../pagination";
import { moderateRefusal } from "./policy";
import {
  addNewcomer,
  assertCurrentRules,
  assertNotInGroup,
  loadGroup,
  membershipOf,
  moderatorIds,
  tell,
} from "./service";

/**
 * Applies to a group that takes members by application: one answer per question, and its current rules
 * accepted; its owner and moderators are told.
 * @throws AppError 404 not seen; 409 `already_member`, `already_applied`, `rules_changed`,
 *   `not_by_application`; 403 removed; 400 not one answer per question
 */
export async function applyToGroup(
  db: Executor,
  viewer: ActorRef & { name: string },
  id: string,
  input: { answers: string[]; rulesVersion: number },
): Promise<{ id: string }> {
  return inTransaction(db, async (tx) => {
    const { group, membership } = await loadGroup(tx, viewer, id, { lock: true });
    assertNotInGroup(membership);
    if (group.joinRule !== "application") {
      throw conflict(msg("This group does not take applications."), "not_by_application");
    }
    if (input.answers.length !== group.questions.length) {
      const message = msg("Answer every question");
      throw validation(message, { answers: message });
    }
    assertCurrentRules(group, input.rulesVersion);
    const [created] = await tx
      .insert(groupApplications)
      .values({ groupId: id, userId: viewer.id, answers: input.answers, rulesAccepted: input.rulesVersion })
      .onConflictDoNothing()
      .returning({ id: groupApplications.id });
    if (!created) throw conflict(msg("Your application is waiting for an answer."), "already_applied");
    for (const moderator of await moderatorIds(tx, id)) {
      await tell(tx, moderator, id, msg("{{name}} applied to join {{group}}"), {
        name: viewer.name,
        group: group.name,
      });
    }
    return created;
  });
}

/**
 * Withdraws the viewer's waiting application.
 * @throws AppError 404 not seen, or no application waiting
 */
export async function withdrawApplication(db: Executor, viewer: ActorRef, id: string): Promise<void> {
  await loadGroup(db, viewer, id);
  const withdrawn = await db
    .update(groupApplications)
    .set({ status: "withdrawn", decidedAt: sql`now()` })
    .where(
      and(
        eq(groupApplications.groupId, id),
        eq(groupApplications.userId, viewer.id),
        eq(groupApplications.status, "pending"),
      ),
    )
    .returning({ id: groupApplications.id });
  if (withdrawn.length === 0) throw notFound(msg("No application is waiting."));
}

/**
 * The applications waiting, oldest first, each question with its answer (owner and moderators).
 * @returns up to `limit + 1` applications
 * @throws AppError 404 not seen; 403 not a moderator
 */
export async function listApplications(
  db: Executor,
  viewer: ActorRef,
  id: string,
  options: { limit: number; cursor?: Cursor },
): Promise<(GroupApplication & { createdAtDate: Date })[]> {
  const { group, membership } = await loadGroup(db, viewer, id);
  authorize(moderateRefusal(membership, viewer));
  const page = keysetPage(groupApplications.createdAt, groupApplications.id, options, "oldest");
  const rows = await db
    .select({ application: groupApplications, user: users })
    .from(groupApplications)
    .innerJoin(users, eq(users.id, groupApplications.userId))
    .where(and(eq(groupApplications.groupId, id), eq(groupApplications.status, "pending"), page.after))
    .orderBy(...page.orderBy)
    .limit(page.fetch);
  return rows.map(({ application, user }) => ({
    id: application.id,
    user: presentPublicUser(user),
    answers: group.questions.map((question, index) => ({
      question,
      answer: application.answers[index] ?? "",
    })),
    createdAt: application.createdAt.toISOString(),
    createdAtDate: application.createdAt,
  }));
}

/**
 * Approves (the applicant joins as a newcomer) or declines an application, with a message the applicant
 * is told (owner and moderators).
 * @throws AppError 404 not seen, or no such application waiting; 403 not a moderator
 */
export async function decideApplication(
  db: Executor,
  viewer: ActorRef,
  id: string,
  applicationId: string,
  input: { decision: "approve" | "decline"; message?: string },
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const { group, membership } = await loadGroup(tx, viewer, id, { lock: true });
    authorize(moderateRefusal(membership, viewer));
    const [application] = await tx
      .update(groupApplications)
      .set({
        status: input.decision === "approve" ? "approved" : "declined",
        decidedById: viewer.id,
        decisionMessage: input.message || null,
        decidedAt: sql`now()`,
      })
      .where(
        and(
          eq(groupApplications.id, applicationId),
          eq(groupApplications.groupId, id),
          eq(groupApplications.status, "pending"),
        ),
      )
      .returning();
    if (!application) throw notFound(msg("No application is waiting."));
    if (input.decision === "approve") {
      const existing = await membershipOf(tx, id, application.userId);
      if (!existing) await addNewcomer(tx, id, application.userId, application.rulesAccepted);
    }
    const said =
      input.decision === "approve"
        ? input.message
          ? msg("Welcome to {{group}}: your application was approved. {{message}}")
          : msg("Welcome to {{group}}: your application was approved.")
        : input.message
          ? msg("Your application to {{group}} was declined: {{message}}")
          : msg("Your application to {{group}} was declined.");
    await tell(tx, application.userId, id, said, { group: group.name, message: input.message ?? "" });
  });
}

/**
 * Reports of unsafe content (docs/DESIGN.md §4 "Reports"): any signed-in user may report a meal, a user
 * or other content; reporting the same open target again returns the open report instead of
 * adding one (a partial unique index backs this). Only admins list and resolve.
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { msg } from "../../../contract/messages";
import type { AdminStats, CreateReportInput, Report } from "../../../contract/reports";
import { RESOLVED_REPORTS_SHOWN } from "../../../contract/reports";
import { type Executor, inTransaction, queryRows } from "../../db/client";
import { groupMembers, meals, reports, type UserRow, users } from "../../db/schema";
import { notFound } from "../../errors";
import { isVisibleTo } from "../meals";
import { flagReported } from "../moderation";
import { createNotification } from "../notifications";

type ReportRow = typeof reports.$inferSelect;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Open reports the dashboard lists at most; beyond this the admin resolves some first. */
const OPEN_REPORTS_SHOWN = 500;

function presentReport(row: ReportRow): Report {
  return {
    id: row.id,
    targetType: row.targetType,
    targetId: row.targetId,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    resolved: row.resolved,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
  };
}

/** Whether every one of `memberIds` is an active member of `groupId`. */
async function bothActiveIn(db: Executor, groupId: string, memberIds: string[]): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(groupMembers)
    .where(
      and(
        eq(groupMembers.groupId, groupId),
        eq(groupMembers.status, "active"),
        inArray(groupMembers.userId, memberIds),
      ),
    );
  return Number(row?.n ?? 0) === new Set(memberIds).size;
}

/**
 * A text of a thread the reporter reads, written by the other side: a message by its id, or the
 * request's first words by the request's id; null when there is none the reporter may report.
 */
async function threadText(db: Executor, reporterId: string, id: string) {
  const [row] = await queryRows<{
    kind: "message" | "request";
    authorId: string;
    text: string;
    requestId: string;
  }>(
    db,
    sql`select 'message' as kind, m.sender_id as "authorId", m.body as text, m.request_id as "requestId"
        from messages m join requests r on r.id = m.request_id
        where m.id = ${id} and not m.held and m.sender_id <> ${reporterId}
          and ${reporterId} in (r.eater_id, r.feeder_id)
        union all
        select 'request', r.eater_id, r.message, r.id from requests r
        where r.id = ${id} and r.message is not null and not r.message_held and r.feeder_id = ${reporterId}
        limit 1`,
  );
  if (!row) return null;
  return {
    kind: row.kind,
    targetId: id,
    authorId: row.authorId,
    text: row.text,
    link: `/request/${row.requestId}`,
  };
}

/**
 * The reported meal's text, author and group, for the review queue.
 * @throws AppError 404 no such meal, or a members-only meal the reporter does not see
 */
async function reportedMeal(
  db: Executor,
  reporterId: string,
  targetId: string,
): Promise<Parameters<typeof flagReported>[1] & { groupId: string | null }> {
  const [meal] = UUID.test(targetId)
    ? await db
        .select({
          ownerId: meals.ownerId,
          membersOnly: meals.membersOnly,
          groupId: meals.groupId,
          heldForReview: meals.heldForReview,
          text: sql<string>`${meals.title} || E'\n' || ${meals.description} || E'\n' || ${meals.pickupLocation}`,
        })
        .from(meals)
        .where(eq(meals.id, targetId))
        .limit(1)
    : [];
  // A members-only meal is not there for anyone outside its group (meals/visibility.ts).
  if (!meal || !(await isVisibleTo(db, reporterId, meal))) throw notFound(msg("Meal not found"));
  return {
    kind: "meal",
    targetId,
    authorId: meal.ownerId,
    text: meal.text,
    link: `/meal/${targetId}`,
    groupId: meal.groupId,
  };
}

/**
 * Files a report, or returns the reporter's open report on the same target. A report records the
 * group it concerns: a meal's group, or the group a member was reported from when both are its
 * active members; that group's moderators read it (docs/features/groups.md point 5), site admins
 * read them all.
 * @returns the report and whether it is new
 * A reported meal or thread text also comes into the review queue, flagged (docs/decisions/020).
 * @throws AppError 404 when a meal or user target does not exist, or is a members-only meal the reporter
 *   does not see; a message the reporter does not read, or wrote
 */
export async function createReport(
  db: Executor,
  reporter: UserRow,
  input: Required<Omit<CreateReportInput, "groupId">> & Pick<CreateReportInput, "groupId">,
): Promise<{ report: Report; created: boolean }> {
  const targetId = input.targetType === "other" ? input.targetId : input.targetId.toLowerCase();
  let groupId: string | null = null;
  // The reported text, which comes into the review queue flagged (docs/decisions/020).
  let reported: Parameters<typeof flagReported>[1] | null = null;
  if (input.targetType === "meal") {
    const meal = await reportedMeal(db, reporter.id, targetId);
    groupId = meal.groupId;
    reported = meal;
  }
  if (input.targetType === "message") {
    reported = UUID.test(targetId) ? await threadText(db, reporter.id, targetId) : null;
    if (!reported) throw notFound(msg("Message not found"));
  }
  if (input.targetType === "user") {
    const found =
      UUID.test(targetId) &&
      (await db.select({ id: users.id }).from(users).where(eq(users.id, targetId)).limit(1)).length > 0;
    if (!found) throw notFound(msg("User not found"));
    // Only a group both belong to: a report is never steered to the moderators of a group that has
    // nothing to do with the two of them. Any other group goes to the site admins alone, answered
    // the same way, so the answer says nothing of a hidden group or who is in it.
    if (input.groupId && (await bothActiveIn(db, input.groupId, [reporter.id, targetId])))
      groupId = input.groupId;
  }
  const values = {
    reporterId: reporter.id,
    targetType: input.targetType,
    targetId,
    reason: input.reason,
    groupId,
  };
  const created = await inTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(reports)
      .values(values)
      .onConflictDoNothing({
        target: [reports.reporterId, reports.targetType, reports.targetId],
        where: sql`NOT ${reports.resolved}`,
      })
      .returning();
    if (row && reported) await flagReported(tx, reported);
    return row;
  });
  if (created) return { report: presentReport(created), created: true };
  return { report: presentReport(await openReportOf(db, values)), created: false };
}

/** The reporter's open report on the target (the one a second report of it returns). */
async function openReportOf(
  db: Executor,
  target: { reporterId: string; targetType: CreateReportInput["targetType"]; targetId: string },
) {
  const [existing] = await db
    .select()
    .from(reports)
    .where(
      and(
        eq(reports.reporterId, target.reporterId),
        eq(reports.targetType, target.targetType),
        eq(reports.targetId, target.targetId),
        eq(reports.resolved, false),
      ),
    )
    .limit(1);
  return existing;
}

/**
 * The admin dashboard's list (spec §2): open reports newest first, then the latest
 * `RESOLVED_REPORTS_SHOWN` resolved ones.
 */
export async function listReportsForAdmin(db: Executor): Promise<Report[]> {
  const [open, resolved] = await Promise.all([
    db
      .select()
      .from(reports)
      .where(eq(reports.resolved, false))
      .orderBy(desc(reports.createdAt), desc(reports.id))
      .limit(OPEN_REPORTS_SHOWN),
    db
      .select()
      .from(reports)
      .where(eq(reports.resolved, true))
      .orderBy(desc(reports.resolvedAt), desc(reports.id))
      .limit(RESOLVED_REPORTS_SHOWN),
  ]);
  return [...open, ...resolved].map(presentReport);
}

/** The dashboard's counts, in one query. */
export async function reportStats(db: Executor): Promise<AdminStats> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      open: sql<number>`count(*) filter (where not ${reports.resolved})::int`,
    })
    .from(reports);
  const total = Number(row.total);
  const open = Number(row.open);
  return { openReports: open, totalReports: total, resolvedReports: total - open };
}

/**
 * Marks a report resolved; resolving it again changes nothing.
 * @throws AppError 404 for an unknown id
 */
export async function resolveReport(db: Executor, admin: UserRow, id: string): Promise<Report> {
  const resolved = await inTransaction(db, async (tx) => {
    const [updated] = await tx
      .update(reports)
      .set({ resolved: true, resolvedAt: sql`now()`, resolvedById: admin.id })
      .where(and(eq(reports.id, id), eq(reports.resolved, false)))
      .returning();
    // The neighbour who reported hears that it was dealt with (docs/features/everyday-journey.md's
    // notification centre).
    if (updated) {
      await createNotification(tx, {
        userId: updated.reporterId,
        type: "report_resolved",
        message: msg("An admin resolved your report. Thank you for keeping MealShare safe."),
        link: updated.targetType === "meal" ? `/meal/${updated.targetId}` : "/help",
      });
    }
    return updated;
  });
  if (resolved) return presentReport(resolved);
  const [existing] = await db.select().from(reports).where(eq(reports.id, id)).limit(1);
  if (!existing) throw notFound(msg("Report not found"));
  return presentReport(existing);
}

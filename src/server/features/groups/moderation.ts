/**
 * A group's moderation (docs/features/groups.md point 5): the reports about the group its moderators
 * read. Taking a meal out of the group is the meals feature's write (meals/group-takeout.ts).
 */
import { sql } from "drizzle-orm";
import type { GroupReport } from "../../../contract/groups";
import { authorize } from "../../abilities";
import type { ActorRef } from "../../auth/actor";
import { type Executor, queryRows } from "../../db/client";
import { meals, reports, users } from "../../db/schema";
import { moderateRefusal } from "./policy";
import { loadGroup } from "./service";

/**
 * Open reports made about this group — its meals, and members reported from within it — newest
 * first, without who reported (owner and moderators; docs/features/groups.md point 5). A report
 * about a member made elsewhere is not theirs to read; site admins keep the whole list.
 * @throws AppError 404 not seen; 403 not a moderator
 */
export async function listGroupReports(db: Executor, viewer: ActorRef, id: string): Promise<GroupReport[]> {
  const { membership } = await loadGroup(db, viewer, id);
  authorize(moderateRefusal(membership, viewer));
  const rows = await queryRows<{
    id: string;
    targetType: "meal" | "user";
    targetId: string;
    targetLabel: string;
    reason: string;
    createdAt: Date | string;
  }>(
    db,
    sql`
      select r.id, r.target_type as "targetType", r.target_id as "targetId", m.title as "targetLabel",
             r.reason, r.created_at as "createdAt"
      from ${reports} r join ${meals} m on m.id::text = r.target_id
      where r.group_id = ${id} and r.target_type = 'meal' and not r.resolved
      union all
      select r.id, r.target_type, r.target_id, trim(u.first_name || ' ' || u.last_name), r.reason, r.created_at
      from ${reports} r join ${users} u on u.id::text = r.target_id
      where r.group_id = ${id} and r.target_type = 'user' and not r.resolved
      order by "createdAt" desc
      limit 100`,
  );
  return rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt).toISOString() }));
}

/** What invites.ts shares of joining: the group as the viewer sees it, and the checks a join makes. */

/**
 * "A group first, everyone after N hours" (docs/features/groups.md point 3): a delayed job opens the
 * meal to everyone when its `opens_at` comes. Opening is one `UPDATE … RETURNING` guarded by
 * `members_only` (meals' `openToAll`), so however many instances run the job (or a retry repeats it), one opens the meal and
 * queues its alert matching; the others change nothing.
 */
import { z } from "zod";
import { type Executor, inTransaction } from "../../db/client";
import { enqueueJob, QUEUES } from "../../jobs/queue";
import { enqueueAlertMatching } from "../alerts";
import { openToAll } from "../meals";

/** Queues the opening of a group-first meal at `opensAt`; call it in the transaction that posts it. */
export async function scheduleGroupMealOpening(tx: Executor, mealId: string, opensAt: Date): Promise<void> {
  await enqueueJob(tx, QUEUES.groupMealOpen, { mealId }, { startAfter: opensAt });
}

const jobSchema = z.object({ mealId: z.uuid() });

/**
 * The `group-meal-open` job: shares a group-first meal with everyone once its hour has come, and
 * matches it against everyone's alerts (alert_matches keeps members who heard of it from hearing twice).
 * @returns whether this run opened it
 */
export async function openGroupFirstMeal(db: Executor, data: unknown): Promise<boolean> {
  const job = jobSchema.safeParse(data);
  if (!job.success) return false;
  return inTransaction(db, async (tx) => {
    if (!(await openToAll(tx, job.data.mealId))) return false;
    await enqueueAlertMatching(tx, job.data.mealId);
    return true;
  });
}

/**
 * Weekly meals (docs/features/households.md point 3): a registered cook posts a meal and asks for it
 * every week, same weekday and times in their time zone (6 pm stays 6 pm when summer time ends), for up
 * to 8 weeks. Each occurrence is a meal of its own, made by the `meal-series` job a day before its
 * pickup, so a cook may change or take down one week and leave the others alone. The job locks the
 * series row and `meals_series_occurrence_key` allows one meal per occurrence, so two instances, a
 * retry or a restart make each occurrence once. A paused series skips the weeks that fall due while
 * paused; a stopped one makes no more.
 */
import { TZDate } from "@date-fns/tz";
import { addWeeks } from "date-fns";
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import {
  type CreateMeal,
  createMealSchema,
  type MealSeriesView,
  type SeriesStatus,
} from "../../../contract/meals";
import { msg } from "../../../contract/messages";
import { abilityOf, authorize } from "../../abilities";
import { type Executor, inTransaction } from "../../db/client";
import { mealSeries, meals, type UserRow, users } from "../../db/schema";
import { type AppError, conflict, forbidden, notFound } from "../../errors";
import { enqueueJob, QUEUES } from "../../jobs/queue";
import { canShareWith } from "../groups";

/** An occurrence is made this long before its pickup starts. */
export const MADE_BEFORE_MS = 24 * 60 * 60 * 1000;

type SeriesRow = typeof mealSeries.$inferSelect;
/** What a series' view is made from. */
type PresentedSeries = Pick<
  SeriesRow,
  "id" | "ownerId" | "status" | "weeks" | "made" | "timeZone" | "firstStart"
> & {
  heldByAdmin?: boolean;
};

/**
 * Why `viewerId` may not move the series to `status`, or null (docs/features/households.md "Weekly
 * meals"): its cook only — anyone else is answered as if it did not exist — while it has not stopped
 * (a stopped series stays stopped), and not back on while an admin holds it.
 */
export function seriesRefusal(
  series: Pick<SeriesRow, "ownerId" | "status"> & { heldByAdmin?: boolean },
  viewerId: string | null,
  status: SeriesStatus,
): AppError | null {
  if (series.ownerId !== viewerId) return notFound(msg("Weekly meal not found"));
  if (series.status === "stopped") return conflict(msg("This weekly meal has stopped."), "series_stopped");
  if (series.heldByAdmin && status === "active")
    return conflict(
      msg("An admin took this meal down: its weeks stay paused until an admin puts it back."),
      "held_by_admin",
    );
  return null;
}

/** When occurrence `n` (1 = the first meal) starts: `n - 1` weeks after the first, in the series' zone. */
export function occurrenceStart(series: Pick<SeriesRow, "firstStart" | "timeZone">, n: number): Date {
  return new Date(addWeeks(new TZDate(series.firstStart.getTime(), series.timeZone), n - 1).getTime());
}

/** The next occurrence still to come, if the series will make one. */
function nextStart(series: PresentedSeries): Date | null {
  if (series.status !== "active" || series.heldByAdmin || series.made >= series.weeks) return null;
  return occurrenceStart(series, series.made + 1);
}

/** The series as `viewerId` sees it: its cook may pause, resume or stop it (`seriesRefusal`). */
export function presentSeries(series: PresentedSeries, viewerId: string | null): MealSeriesView {
  return {
    id: series.id,
    // Held by an admin, it is paused whatever its cook chose.
    status: series.heldByAdmin && series.status === "active" ? "paused" : series.status,
    weeks: series.weeks,
    made: series.made,
    nextStart: nextStart(series)?.toISOString() ?? null,
    abilities: {
      pause: abilityOf(seriesRefusal(series, viewerId, "paused")),
      resume: abilityOf(seriesRefusal(series, viewerId, "active")),
      stop: abilityOf(seriesRefusal(series, viewerId, "stopped")),
    },
  };
}

/** Queues the making of occurrence `n`, a day before it starts; call it in the series' transaction. */
async function scheduleOccurrence(tx: Executor, series: SeriesRow, n: number): Promise<void> {
  if (n > series.weeks) return;
  const startAfter = new Date(occurrenceStart(series, n).getTime() - MADE_BEFORE_MS);
  await enqueueJob(tx, QUEUES.mealSeries, { seriesId: series.id, occurrence: n }, { startAfter });
}

/**
 * Starts a weekly series from a meal just posted (its first occurrence); call it in that meal's
 * transaction.
 * @param input the meal as posted, which each week's meal copies
 * @throws AppError 403 when the cook is not registered (docs/features/food-safety.md: weekly meals are a
 *   registered cook's)
 */
export async function startSeries(
  tx: Executor,
  owner: Pick<UserRow, "id" | "isRegisteredCook">,
  meal: { id: string; pickupWindowStart: Date; pickupWindowEnd: Date },
  input: CreateMeal,
  weekly: { weeks: number; timeZone: string },
): Promise<void> {
  if (!owner.isRegisteredCook) throw forbidden(msg("Only registered cooks can make a meal weekly."));
  const { weekly: _ignored, ...template } = input as CreateMeal & { weekly?: unknown };
  const [series] = await tx
    .insert(mealSeries)
    .values({
      ownerId: owner.id,
      template: template as Record<string, unknown>,
      timeZone: weekly.timeZone,
      firstStart: meal.pickupWindowStart,
      durationMinutes: Math.round(
        (meal.pickupWindowEnd.getTime() - meal.pickupWindowStart.getTime()) / 60_000,
      ),
      weeks: weekly.weeks,
    })
    .returning();
  await tx.update(meals).set({ seriesId: series.id, occurrence: 1 }).where(eq(meals.id, meal.id));
  await scheduleOccurrence(tx, series, 2);
}

/** The columns of a series that `presentSeries` reads, as JSON (for a subquery of a meal's read). */
export const SERIES_JSON = sql`json_build_object('id', ${mealSeries.id}, 'ownerId', ${mealSeries.ownerId}, 'status', ${mealSeries.status},
  'weeks', ${mealSeries.weeks}, 'made', ${mealSeries.made}, 'firstStart', ${mealSeries.firstStart},
  'timeZone', ${mealSeries.timeZone}, 'heldByAdmin', ${mealSeries.heldByAdmin})`;
/** A series as `SERIES_JSON` reads it. */
export type SeriesJson = Pick<
  SeriesRow,
  "id" | "ownerId" | "status" | "weeks" | "made" | "timeZone" | "heldByAdmin"
> & {
  firstStart: string;
};

/**
 * The weekly series a meal is one week of, as anyone sees it (when the next week comes; only its cook
 * may change it), from its `SERIES_JSON`.
 */
export function presentSeriesJson(series: SeriesJson, viewerId: string | null): MealSeriesView {
  return presentSeries({ ...series, firstStart: new Date(series.firstStart) }, viewerId);
}

/**
 * Pauses, resumes or stops one of the cook's series, as `seriesRefusal` allows.
 * @throws AppError 404 when it is not theirs; 409 `series_stopped` once it stopped, `held_by_admin`
 *   resuming one an admin holds
 */
export async function setSeriesStatus(
  db: Executor,
  owner: Pick<UserRow, "id">,
  id: string,
  status: SeriesStatus,
): Promise<MealSeriesView> {
  return inTransaction(db, async (tx) => {
    const [series] = await tx
      .select()
      .from(mealSeries)
      .where(and(eq(mealSeries.id, id), eq(mealSeries.ownerId, owner.id)))
      .for("update")
      .limit(1);
    if (!series) throw notFound(msg("Weekly meal not found"));
    authorize(seriesRefusal(series, owner.id, status));
    const [updated] = await tx.update(mealSeries).set({ status }).where(eq(mealSeries.id, id)).returning();
    return presentSeries(updated, owner.id);
  });
}

const jobSchema = z.object({ seriesId: z.uuid(), occurrence: z.number().int().min(2) });

/**
 * The `meal-series` job: makes occurrence `n` (skipped while paused, or while a paid meal's cook is no
 * longer registered) and queues the next.
 * @param post posts a meal for the series' cook (posting/service.ts `createMeal`)
 * @returns whether it made a meal
 */
export async function makeOccurrence(
  db: Executor,
  data: unknown,
  post: (
    tx: Executor,
    owner: UserRow,
    input: CreateMeal,
    series: { id: string; occurrence: number },
  ) => Promise<unknown>,
): Promise<boolean> {
  const job = jobSchema.safeParse(data);
  if (!job.success) return false;
  const n = job.data.occurrence;
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .select({ series: mealSeries, owner: users })
      .from(mealSeries)
      .innerJoin(users, eq(users.id, mealSeries.ownerId))
      .where(eq(mealSeries.id, job.data.seriesId))
      .for("update", { of: mealSeries })
      .limit(1);
    if (!row) return false;
    const { series, owner } = row;
    // Already made (a retry, the other instance), or past its last week.
    if (series.status === "stopped" || series.made >= n || n > series.weeks) return false;
    const start = occurrenceStart(series, n);
    const template = createMealSchema.safeParse({
      ...series.template,
      pickupWindowStart: start.toISOString(),
      pickupWindowEnd: new Date(start.getTime() + series.durationMinutes * 60_000).toISOString(),
      preparedAt: null,
    });
    const mayPost =
      series.status === "active" &&
      !series.heldByAdmin &&
      template.success &&
      !owner.suspendedAt &&
      (template.data.kind === "free" || owner.isRegisteredCook) &&
      // A week for a group the cook has left (or whose new rules they have not accepted) is not posted.
      (!template.data.groupId || (await canShareWith(tx, owner.id, template.data.groupId)));
    if (mayPost) await post(tx, owner, template.data, { id: series.id, occurrence: n });
    await tx.update(mealSeries).set({ made: n }).where(eq(mealSeries.id, series.id));
    await scheduleOccurrence(tx, { ...series, made: n }, n + 1);
    return mayPost;
  });
}

/**
 * An admin took a week of a series down, or put it back (call it in that change's transaction): the
 * series is held — no week posted, its cook cannot resume it — until an admin puts the meal back.
 */
export async function holdSeriesForAdmin(tx: Executor, seriesId: string, held: boolean): Promise<void> {
  await tx.update(mealSeries).set({ heldByAdmin: held }).where(eq(mealSeries.id, seriesId));
}

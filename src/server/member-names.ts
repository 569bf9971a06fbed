/**
 * How a member's name reads to others (docs/features/everyday-journey.md; as OLIO
 * shows first names): by default the first name and the last name's initial, "Tom B."; the member's
 * choice `nameShown = 'full'` shows "Tom Becker" to everyone; the other side of an accepted request
 * reads the full name whatever was chosen, since they are meeting. The member themselves, admins and
 * their own export read it whole. One rule for presenters (`shownLastName`) and for SQL reads
 * (`shownLastNameSql`), so a card, a profile and an email name a member alike.
 */
import { type SQL, sql } from "drizzle-orm";
import type { UserRow } from "./db/schema";

/** The two choices (Settings → Profile → "How others see your name"). */
export const NAME_SHOWN = ["short", "full"] as const;

/** The parts of a member their shown name is made of. */
export type NamedMember = Pick<UserRow, "firstName" | "lastName" | "nameShown">;

/**
 * The last name as others read it: whole when the member chose "full" or `whole` says so (the other
 * side of an accepted request), else its first letter and a full stop; "" for none.
 */
export function shownLastName(user: Pick<UserRow, "lastName" | "nameShown">, whole = false): string {
  const last = user.lastName.trim();
  if (whole || user.nameShown === "full" || last === "") return last;
  // The first letter as a reader sees one (a grapheme), not a UTF-16 half of one.
  const [initial] = new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(last);
  return `${initial.segment}.`;
}

/**
 * `shownLastName` in SQL, for reads that name members in their select list (meal cards, reviews).
 * @param table the users table or an alias of it
 */
export const shownLastNameSql = (table: SQL | { lastName: unknown; nameShown: unknown }): SQL => {
  const [last, shown] =
    "lastName" in table
      ? [sql`${table.lastName}`, sql`${table.nameShown}`]
      : [sql`${table}.last_name`, sql`${table}.name_shown`];
  return sql`case when ${shown} = 'full' or btrim(${last}) = '' then btrim(${last})
    else left(btrim(${last}), 1) || '.' end`;
};

/** "Tom B." (or "Tom Becker", as chosen or `whole`), or "A neighbour" for a member with no name. */
export function shownName(user: NamedMember, whole = false): string {
  return `${user.firstName} ${shownLastName(user, whole)}`.trim() || "A neighbour";
}

/** Statuses a request reaches only through an accept: its two sides have agreed to meet. */
const MET_STATUSES: ReadonlySet<string> = new Set(["accepted", "completed", "no_show", "disputed"]);

/** Whether a request's two sides read each other's full name (they agreed to meet). */
export const namesWhole = (status: string): boolean => MET_STATUSES.has(status);

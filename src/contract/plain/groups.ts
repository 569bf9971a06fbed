/**
 * Groups' words and limits without their schemas (docs/features/groups.md): visibilities, join rules,
 * roles, lengths, the invite and first-hours choices and a group's rounded place.
 * `src/contract/groups.ts` builds the API's schemas on it and re-exports it; the browser imports this
 * module (docs/decisions/015 "Phones").
 */
export const GROUP_VISIBILITIES = ["listed", "hidden"] as const;

/** How someone becomes a member (docs/features/groups.md point 1). */
export const GROUP_JOIN_RULES = ["open", "application", "invite", "email_domain"] as const;

/** A member's role (docs/features/groups.md point 2), strongest first. */
export const GROUP_ROLES = ["owner", "moderator", "member", "newcomer"] as const;

export const GROUP_NAME_MAX = 80;
export const GROUP_DESCRIPTION_MAX = 2000;
export const GROUP_WELCOME_MAX = 1000;
export const GROUP_RULES_MAX = 4000;
export const GROUP_QUESTIONS_MAX = 5;
export const GROUP_QUESTION_MAX = 200;
export const GROUP_ANSWER_MAX = 1000;
/** How many groups one member may own: a neighbourhood needs a few, a spammer many. */
export const GROUPS_OWNED_MAX = 10;
/** A "group first" meal opens to everyone after 1 to 168 hours (a week). */
export const GROUP_FIRST_HOURS_MAX = 168;
/** How long an invite link lasts, in days, to choose from. */
export const INVITE_DAYS_CHOICES = [1, 7, 30] as const;
/** The group radii to choose from, in km. */
export const GROUP_RADIUS_CHOICES_KM = [1, 2, 5, 10] as const;

/**
 * A group's place is an area, never a door: its centre is kept to 2 decimals (about 1 km), so a group
 * for one building does not say which building (docs/DESIGN.md §6c).
 */
export const roundGroupCoordinate = (value: number) => Math.round(value * 100) / 100;

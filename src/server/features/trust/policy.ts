/**
 * The trust rules as pure functions (docs/decisions/020): a member's level from their counts, and
 * which newcomer limit, if any, refuses what they are about to do. The facts come from service.ts and
 * the callers' statements; nothing here reads the database.
 */
import { type Message, msg } from "../../../contract/messages";
import {
  type NewcomerLimit,
  type NewcomerLimits,
  newcomerLimitText,
  type TrustLevel,
} from "../../../contract/trust";
import { AppError } from "../../errors";

/** What a level is decided by (docs/decisions/020 "Levels"); the deployment's configuration. */
export interface TrustThresholds {
  /** Distinct people a member must have completed exchanges with to be trusted. */
  trustedPartners: number;
  /** Vouches from trusted members a member needs to be trusted. */
  trustedVouches: number;
}

/** The counts a level is computed from. */
export interface TrustCounts {
  /** Distinct people (by inbox) with a completed exchange. */
  partners: number;
  /** Vouches from trusted members. */
  vouches: number;
}

/**
 * A member's level (docs/decisions/020 "Levels"): trusted with exchanges with `trustedPartners`
 * people and `trustedVouches` vouches from trusted members; a neighbour after one completed exchange
 * (or a trusted member's vouch, which needs one); a newcomer before.
 */
export function levelFrom(counts: TrustCounts, thresholds: TrustThresholds): TrustLevel {
  if (counts.partners >= thresholds.trustedPartners && counts.vouches >= thresholds.trustedVouches)
    return "trusted";
  if (counts.partners >= 1 || counts.vouches >= 1) return "neighbour";
  return "newcomer";
}

/** The refusal of a newcomer at `limit`, in the words the help page uses (code `newcomer_limit`). */
export function newcomerLimitRefusal(limit: NewcomerLimit, limits: NewcomerLimits): AppError {
  const count = limits[limit];
  return new AppError(403, "newcomer_limit", newcomerLimitText(limit, count), undefined, { count, limit });
}

/** What a member already holds, counted over every account of their inbox (docs/decisions/020 "One person"). */
export interface NewcomerFacts {
  level: TrustLevel;
  /** Open requests (pending, accepted, offered). */
  openRequests: number;
  /** Requests in the last 24 hours to cooks they had not asked before. */
  newContactsToday: number;
  /** Whether they have asked this meal's cook before. */
  askedCookBefore: boolean;
  /** Entries in draws not yet drawn. */
  openDrawEntries: number;
}

/**
 * The newcomer limit that refuses asking in `way`, or null (docs/decisions/020 "Limits"): a request
 * counts against open requests and, to a cook never asked before, against new contacts; a draw entry
 * against draws at a time. Neighbours and trusted members have none of these limits.
 */
export function newcomerAskRefusal(
  way: "request" | "draw",
  facts: NewcomerFacts,
  limits: NewcomerLimits,
): AppError | null {
  if (facts.level !== "newcomer") return null;
  if (way === "draw") {
    return facts.openDrawEntries >= limits.drawEntries ? newcomerLimitRefusal("drawEntries", limits) : null;
  }
  if (facts.openRequests >= limits.openRequests) return newcomerLimitRefusal("openRequests", limits);
  if (!facts.askedCookBefore && facts.newContactsToday >= limits.newContactsPerDay)
    return newcomerLimitRefusal("newContactsPerDay", limits);
  return null;
}

/** The refusal of a text with more links than a newcomer may write, or null. */
export function linkLimitRefusal(level: TrustLevel, links: number, limits: NewcomerLimits): AppError | null {
  if (level !== "newcomer" || links <= limits.linksPerText) return null;
  return newcomerLimitRefusal("linksPerText", limits);
}

/** What a draw that only neighbours may enter answers a newcomer (docs/decisions/020 "One person, one share"). */
export const DRAW_FOR_NEIGHBOURS: Message = msg(
  "This draw is for neighbours with a completed exchange. Your first pickup opens draws like this one.",
);

/**
 * Why `voucher` may not vouch for another member, or null (docs/decisions/020 "Vouches"): only a
 * trusted member, for another person, after a completed exchange together, once, and at most
 * `vouchesPerWeek` in 7 days.
 */
export function vouchRefusal(
  facts: {
    voucherLevel: TrustLevel;
    samePerson: boolean;
    exchangedTogether: boolean;
    vouchedBefore: boolean;
    vouchesThisWeek: number;
  },
  vouchesPerWeek: number,
): AppError | null {
  if (facts.samePerson) return new AppError(403, "same_person", msg("You cannot vouch for yourself."));
  if (facts.voucherLevel !== "trusted")
    return new AppError(403, "not_trusted", msg("Only trusted members can vouch for others."));
  if (!facts.exchangedTogether)
    return new AppError(
      403,
      "no_exchange",
      msg("You can vouch only for someone you completed an exchange with."),
    );
  if (facts.vouchedBefore) return null;
  if (facts.vouchesThisWeek >= vouchesPerWeek)
    return new AppError(
      429,
      "vouch_limit",
      msg("You can vouch for {{count}} members a week. Try again in a few days.", { count: vouchesPerWeek }),
      undefined,
      { count: vouchesPerWeek },
    );
  return null;
}

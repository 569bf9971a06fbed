/**
 * The open, verifiable draw for popular free meals (docs/features/fair-shares.md): how portions are
 * given, the ticket rule, and the draw itself — commit–reveal, version `mealshare-draw-v1` — in one
 * place that the server runs and any browser runs again to check it.
 *
 * The draw, step by step:
 * 1. When the meal is posted the server makes a secret of 32 random bytes and publishes its commitment,
 *    `SHA-256(secret)` in hex.
 * 2. At the draw it fixes the entrant list — each entry's pseudonymous id (the entry's UUID), portions
 *    and tickets — sorted by id, and publishes `listHash = SHA-256(JSON of [[id, portions, tickets], …])`.
 * 3. `seed = SHA-256(secret ‖ listHash as UTF-8)` in hex; the generator is pure-rand's xoroshiro128+
 *    seeded with the seed's first 4 bytes read as a signed 32-bit big-endian integer.
 * 4. Weighted draw without replacement: while entrants remain, `r = uniformInt(rng, 0, tickets left − 1)`
 *    picks the entrant whose range of tickets (in list order) holds `r`; they are next in the order and
 *    leave the list.
 * 5. The secret is revealed. Anyone can check that it matches the commitment made before any entry, and
 *    recompute the list hash, the seed and the order (`verifyDraw`).
 * Nobody can steer the result: the server committed to the secret before the entries existed, and the
 * entrants cannot know the secret.
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, hexToBytes, utf8ToBytes } from "@noble/hashes/utils.js";
import { uniformInt } from "pure-rand/distribution/uniformInt";
import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";
import { z } from "zod";
import { abilitySchema } from "./abilities";
import { isoDateTime } from "./common";
import { DRAW_ELIGIBILITIES } from "./plain/allocation";
import { TICKET_BONUS_AFTER_MS } from "./plain/draw";
import { portionsSchema } from "./requests";

/** The draw's documented algorithm; a new one gets a new name, and old draws keep theirs. */
export const DRAW_ALGORITHM = "mealshare-draw-v1";

/**
 * Entries close this long after posting unless the cook says otherwise, or halfway to the pickup's
 * start when that comes sooner (winners need time to come).
 */
export const DRAW_DEFAULT_CLOSE_MS = 60 * 60 * 1000;
/**
 * Whether a draw's entries have closed: it is made, or its closing time has passed. From then on its
 * entrant list is frozen — no entry, change or leaving — so the list published at the draw is the one
 * entrants saw at the close (docs/features/fair-shares.md point 2).
 */
export const drawClosed = (
  draw: { drawnAt: Date | string | null; closesAt: Date | string },
  now = Date.now(),
) => draw.drawnAt !== null || new Date(draw.closesAt).getTime() <= now;

/** A new account's first day: one ticket, whatever else holds. */
export const NEW_ACCOUNT_MS = 24 * 60 * 60 * 1000;
export { FAIR_USE_DAYS, TICKET_BONUS_AFTER_MS } from "./plain/draw";

/**
 * An entrant's tickets (docs/features/fair-shares.md point 3): two for a member who has received no free
 * meal in the last 14 days, one otherwise, and one for an account under 24 hours old.
 * @param member `accountCreatedAt` and `lastFreeMealAt` (the latest free meal handed to them, or null), ISO
 * @param now the time of entry
 */
export function ticketsFor(
  member: { accountCreatedAt: string; lastFreeMealAt: string | null },
  now = new Date(),
): 1 | 2 {
  if (now.getTime() - new Date(member.accountCreatedAt).getTime() < NEW_ACCOUNT_MS) return 1;
  if (
    member.lastFreeMealAt &&
    now.getTime() - new Date(member.lastFreeMealAt).getTime() < TICKET_BONUS_AFTER_MS
  )
    return 1;
  return 2;
}

export const drawEntrantSchema = z.object({
  /** The entry's pseudonymous id (a UUID); each member recognises their own. */
  id: z.string(),
  portions: z.number().int().min(1),
  tickets: z.number().int().min(1),
});
export type DrawEntrant = z.infer<typeof drawEntrantSchema>;

const hex = (bytes: Uint8Array) => bytesToHex(bytes);

/** `SHA-256(secret)` in hex: what is published before any entry. */
export const commitmentOf = (secretHex: string): string => hex(sha256(hexToBytes(secretHex)));

/** The entrants in the draw's canonical order: by id. */
export const canonicalEntrants = (entrants: readonly DrawEntrant[]): DrawEntrant[] =>
  [...entrants].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

/** `SHA-256` (hex) of the canonical entrant list as JSON `[[id, portions, tickets], …]`. */
export function entrantListHash(entrants: readonly DrawEntrant[]): string {
  const rows = canonicalEntrants(entrants).map((entrant) => [entrant.id, entrant.portions, entrant.tickets]);
  return hex(sha256(utf8ToBytes(JSON.stringify(rows))));
}

/** `SHA-256(secret ‖ listHash)` in hex: the seed, fixed only once both the secret and the list are. */
export function drawSeed(secretHex: string, listHash: string): string {
  const secret = hexToBytes(secretHex);
  const list = utf8ToBytes(listHash);
  const joined = new Uint8Array(secret.length + list.length);
  joined.set(secret, 0);
  joined.set(list, secret.length);
  return hex(sha256(joined));
}

/**
 * The draw order: entry ids, weighted by tickets, without replacement (step 4 above).
 * @param seedHex the seed from `drawSeed`
 */
export function drawOrder(entrants: readonly DrawEntrant[], seedHex: string): string[] {
  const seedBytes = hexToBytes(seedHex);
  const seed = new DataView(seedBytes.buffer, seedBytes.byteOffset, 4).getInt32(0, false);
  const rng = xoroshiro128plus(seed);
  const left = canonicalEntrants(entrants);
  let ticketsLeft = left.reduce((sum, entrant) => sum + entrant.tickets, 0);
  const order: string[] = [];
  while (left.length > 0) {
    let r = uniformInt(rng, 0, ticketsLeft - 1);
    let index = 0;
    while (r >= left[index].tickets) {
      r -= left[index].tickets;
      index++;
    }
    const [picked] = left.splice(index, 1);
    ticketsLeft -= picked.tickets;
    order.push(picked.id);
  }
  return order;
}

/** Everything a draw publishes once it is made (`GET /api/meals/{id}/draw`). */
/** One entrant's result: portions won, a place on the waiting list, or passed over and why. */
export const drawResultSchema = z.discriminatedUnion("outcome", [
  z.object({ id: z.string(), outcome: z.literal("portions"), portions: z.number().int() }),
  z.object({ id: z.string(), outcome: z.literal("waiting"), place: z.number().int() }),
  z.object({
    id: z.string(),
    outcome: z.literal("passed_over"),
    reason: z.enum(["fair_use", "not_eligible"]),
  }),
]);

export const publishedDrawSchema = z.object({
  algorithm: z.string(),
  commitment: z.string(),
  closesAt: isoDateTime,
  /** Who may enter (docs/decisions/020): everyone, or neighbours and trusted members only. */
  eligibility: z.enum(DRAW_ELIGIBILITIES),
  /** Null until the draw is made. */
  drawnAt: isoDateTime.nullable(),
  secret: z.string().nullable(),
  entrants: z.array(drawEntrantSchema).nullable(),
  listHash: z.string().nullable(),
  seed: z.string().nullable(),
  order: z.array(z.string()).nullable(),
  /**
   * Entrants the draw passed over, in draw order, because they could no longer ask when it was made:
   * `fair_use` at the published fair-use limit, `not_eligible` for any other reason (a block, a
   * suspension, a group's rule). Their tickets still took part, so the order checks out unchanged; the
   * next in order took their place. Null until the draw is made.
   */
  passedOver: z.array(z.object({ id: z.string(), reason: z.enum(["fair_use", "not_eligible"]) })).nullable(),
  /**
   * What happened to each entrant, in draw order, for the page to say in plain words
   * (docs/features/fair-shares.md point 2): `portions` got that many, `waiting` is that place on the
   * waiting list, `passed_over` could no longer ask (see `passedOver`). Null until the draw is made,
   * and for draws made before results were kept.
   */
  results: z.array(drawResultSchema).nullable(),
});
export type PublishedDraw = z.infer<typeof publishedDrawSchema>;

/** What the draw did with one entrant (`publishedDrawSchema.results`). */
export type DrawResult = z.infer<typeof drawResultSchema>;

/** An entrant the draw passed over, and why (`publishedDrawSchema.passedOver`). */
export type PassedOver = NonNullable<PublishedDraw["passedOver"]>[number];

/**
 * What an entrant saw when they entered (kept in their browser): the commitment published then, and
 * their entry's pseudonym. Checked against what the draw published, it shows the server neither swapped
 * the secret after the entries nor left their entry out.
 */
export interface EntryWitness {
  /** Null when this browser did not see the entry made (entered from another device). */
  commitment: string | null;
  entryId: string;
}

/** What `verifyDraw` checked, in the order a reader follows it. */
export interface DrawCheck {
  commitmentMatches: boolean;
  listHashMatches: boolean;
  seedMatches: boolean;
  orderMatches: boolean;
  /** The commitment is the one the viewer saw when they entered (true without a witness). */
  commitmentAsAtEntry: boolean;
  /** The viewer's entry is on the published list (true without a witness). */
  entryListed: boolean;
  ok: boolean;
}

/**
 * Checks a made draw from what was published (step 5): the revealed secret against the commitment, and
 * the list hash, the seed and the order recomputed; with the viewer's `witness`, also that the
 * commitment is the one they saw when they entered and that their entry is on the list.
 * @returns each check and `ok` when all hold; all false for a draw not yet made
 */
export function verifyDraw(draw: PublishedDraw, witness: EntryWitness | null = null): DrawCheck {
  const commitmentAsAtEntry = witness?.commitment == null || witness.commitment === draw.commitment;
  const entryListed =
    witness === null || (draw.entrants ?? []).some((entrant) => entrant.id === witness.entryId);
  if (
    !draw.secret ||
    !draw.entrants ||
    !draw.listHash ||
    !draw.seed ||
    !draw.order ||
    draw.algorithm !== DRAW_ALGORITHM
  )
    return {
      commitmentMatches: false,
      listHashMatches: false,
      seedMatches: false,
      orderMatches: false,
      commitmentAsAtEntry,
      entryListed,
      ok: false,
    };
  let commitmentMatches = false;
  let seed = "";
  try {
    commitmentMatches = commitmentOf(draw.secret) === draw.commitment;
    seed = drawSeed(draw.secret, draw.listHash);
  } catch {
    // A secret that is not hex checks out as nothing.
  }
  const listHashMatches = entrantListHash(draw.entrants) === draw.listHash;
  const seedMatches = seed !== "" && seed === draw.seed;
  const recomputed = seedMatches ? drawOrder(draw.entrants, seed) : [];
  const orderMatches =
    seedMatches &&
    recomputed.length === draw.order.length &&
    recomputed.every((id, index) => id === draw.order?.[index]);
  return {
    commitmentMatches,
    listHashMatches,
    seedMatches,
    orderMatches,
    commitmentAsAtEntry,
    entryListed,
    ok:
      commitmentMatches &&
      listHashMatches &&
      seedMatches &&
      orderMatches &&
      commitmentAsAtEntry &&
      entryListed,
  };
}

/** `GET /api/meals/{id}/draw`: a meal's draw as the viewer reads it. */
export const drawViewSchema = z.object({
  mealId: z.uuid(),
  /** How many neighbours entered. */
  entries: z.number().int(),
  /** Whether the viewer may make the draw now (its cook, once someone entered, before it is made). */
  abilities: z.object({ drawNow: abilitySchema }),
  /** The viewer's entry (its id is their pseudonym on the published list), or null. */
  mine: z.object({ id: z.uuid(), portions: z.number().int(), tickets: z.number().int() }).nullable(),
  /** The tickets the viewer has, or would have if they entered now; null signed out. */
  ticketsIfEntered: z.number().int().nullable(),
  published: publishedDrawSchema,
});
export type DrawView = z.infer<typeof drawViewSchema>;

/** `POST /api/meals/{id}/draw/entry` body: the portions wanted (as a request's). */
export const enterDrawSchema = z.object({ portions: portionsSchema.default(1) });

/**
 * `GET /api/user/fair-use`: the deployment's published limit (`FREE_MEALS_PER_28_DAYS`; null when there
 * is none), how many free meals the member received in the last 28 days, and when the next one is
 * possible once they are at the limit.
 */
export const fairUseSchema = z.object({
  limit: z.number().int().nullable(),
  used: z.number().int(),
  nextAt: isoDateTime.nullable(),
});
export type FairUse = z.infer<typeof fairUseSchema>;

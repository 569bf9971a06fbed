/**
 * Near-copies of removed spam (docs/decisions/020 "Near-copies"): when a moderator removes a text, its
 * MinHash signature (the `minhash` package, 96 permutations over the text's 5-letter shingles) is kept
 * with its LSH bands (3 values each, 32 bands). A new text's bands find the signatures it may resemble
 * through the primary key's index; those few are compared, and one at a Jaccard estimate of 0.5 or more
 * makes the text a near-copy. Cost: 32 index lookups and a handful of comparisons, however many texts
 * were removed.
 */

import { sql } from "drizzle-orm";
import minhash from "minhash";
import { type Executor, queryRows } from "../../db/client";
import { normalise } from "./signals";

const { Minhash, LshIndex } = minhash;

const PERMUTATIONS = 96;
const BAND_SIZE = 3;
/** Letters per shingle: long enough to carry a word, short enough to survive a changed name or amount. */
const SHINGLE = 5;
/** A text this similar to removed spam is its near-copy. */
export const NEAR_COPY_JACCARD = 0.5;
/** Shorter texts say too little to compare ("Yes!", "Thanks"). */
const MIN_LETTERS = 24;

/** The text a signature is made of: normalised, numbers as 0, only letters and digits, single spaces. */
function shingleText(text: string): string {
  return normalise(text)
    .replace(/\d+/g, "0")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** A text's MinHash, or null when it is too short to compare. */
export function signatureOf(text: string): InstanceType<typeof Minhash> | null {
  const plain = shingleText(text);
  if (plain.replace(/\s/g, "").length < MIN_LETTERS) return null;
  const hash = new Minhash({ numPerm: PERMUTATIONS, seed: 1 });
  for (let start = 0; start + SHINGLE <= plain.length; start += 1)
    hash.update(plain.slice(start, start + SHINGLE));
  return hash;
}

/** A signature's LSH band keys, each with its band's number so equal values in two bands differ. */
function bandsOf(hash: InstanceType<typeof Minhash>): string[] {
  return new LshIndex({ bandSize: BAND_SIZE }).getHashbands(hash).map((band, index) => `${index}:${band}`);
}

/** Band keys as a PostgreSQL text array literal (digits, dots and a colon: nothing to escape). */
const bandArray = (bands: readonly string[]) => `{${bands.map((band) => `"${band}"`).join(",")}}`;

/**
 * How close `text` comes to any removed spam: the highest Jaccard estimate among the signatures its
 * bands find, or 0.
 */
export async function nearestSpam(db: Executor, text: string): Promise<number> {
  const hash = signatureOf(text);
  if (!hash) return 0;
  const bands = bandsOf(hash);
  const candidates = await queryRows<{ hashes: number[] }>(
    db,
    // The candidates sharing the most bands first: the likeliest near-copies.
    sql`select s.hashes from spam_signatures s
        join (select b.signature_id, count(*) as shared from spam_signature_bands b
              where b.band = any(${bandArray(bands)}::text[])
              group by b.signature_id order by shared desc limit 20) c on c.signature_id = s.id`,
  );
  let best = 0;
  for (const candidate of candidates) {
    const other = new Minhash({ numPerm: PERMUTATIONS, seed: 1 });
    other.hashvalues = candidate.hashes;
    best = Math.max(best, hash.jaccard(other));
  }
  return best;
}

/**
 * Keeps a removed text's signature, so its near-copies are held from now on (a text too short to
 * compare teaches nothing).
 * @param itemId the moderation item it was removed as
 */
export async function learnSpam(db: Executor, itemId: string, text: string): Promise<void> {
  const hash = signatureOf(text);
  if (!hash) return;
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into spam_signatures (item_id, hashes) values (${itemId}, ${JSON.stringify(hash.hashvalues)}::jsonb)
        returning id`,
  );
  const bands = bandsOf(hash);
  await db.execute(
    sql`insert into spam_signature_bands (band, signature_id)
        select band, ${row.id}::uuid from unnest(${bandArray(bands)}::text[]) as band
        on conflict do nothing`,
  );
}

/**
 * Turning what an eater types into PostgreSQL full-text queries (docs/features/discovery.md,
 * docs/DESIGN.md §6): every word matches case- and accent-insensitively, by its English stem ("carrots"
 * finds "carrot") and as a prefix while typing ("lasa" finds "Lasagne"); a word of five letters or more
 * that no meal uses also matches the words one letter away from it ("lasagme" finds "Lasagne"), found
 * among the `search_words` vocabulary and checked with `levenshtein`.
 *
 * Candidates come from the pg_trgm GiST index by LIKE, not by trigram distance: a word one edit
 * away keeps either the typed word's first half or its second half intact, so
 * `LIKE 'las%' OR LIKE '%gme'` holds every candidate. (PGlite 0.5 with `cube` loaded answers the
 * trigram distance operator wrongly or hangs; LIKE through the same index works on both databases.)
 */
import { sql } from "drizzle-orm";
import { LANGUAGES } from "../../../contract/i18n";
import { KIND_SEARCH_WORDS, type MealKind } from "../../../contract/meals";
import { type Executor, queryRows } from "../../db/client";
import { translate } from "../../i18n";

/** Words beyond this many are ignored: a search is a few words, not a paragraph. */
const MAX_WORDS = 8;
/** Longest word kept; longer runs of letters are not words anyone searches for. */
const MAX_WORD_LENGTH = 40;
/**
 * Typos are only corrected in words this long (docs/features/discovery.md: "words of five letters or
 * more").
 */
const TYPO_MIN_LENGTH = 5;

/**
 * The words of a text: runs of letters and digits, at most 8 of at most 40 characters. Nothing
 * else survives, so the words are safe to place in a `to_tsquery` expression.
 */
export function searchWordsOf(text: string): string[] {
  const words = text.match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.slice(0, MAX_WORDS).map((word) => word.slice(0, MAX_WORD_LENGTH));
}

/** A word lower-cased and without accents, as the search configurations fold it. */
const fold = (word: string) => word.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/**
 * Every language's search word for a kind ("gratis", "kostenlos" → free), folded. The search
 * document holds only the kind's English word (migration 0004), so these are matched as that word.
 */
const kindWords: ReadonlyMap<string, MealKind> = new Map(
  Object.entries(KIND_SEARCH_WORDS).flatMap(([kind, word]) =>
    LANGUAGES.map((language) => [fold(translate(word, language, "USD")), kind as MealKind] as const),
  ),
);

/**
 * Typed words (lower-cased) that some meal's word starts with. The vocabulary only grows, so such
 * a word never needs correcting again: remembering it spares common searches a round trip. Kept
 * per instance and bounded; forgetting is harmless.
 */
const knownPrefixes = new Set<string>();
const KNOWN_PREFIXES_MAX = 10_000;

/**
 * For each word, the vocabulary words one edit away from it, when the word has five letters or
 * more and no meal uses a word starting with it (so "pasta" does not also find "pasty").
 * @returns one list per input word, in order; a list is empty when nothing needs correcting
 */
async function typoCorrections(db: Executor, words: string[]): Promise<string[][]> {
  const corrections = words.map((): string[] => []);
  const asked = words
    .map((word, index) => ({ word: word.toLowerCase(), index }))
    .filter(({ word }) => word.length >= TYPO_MIN_LENGTH && !knownPrefixes.has(word));
  if (asked.length === 0) return corrections;
  // `mealshare_words` normalises the typed word exactly as the vocabulary was (unaccent, lower).
  const rows = await queryRows<{ position: number; known: boolean; correction: string | null }>(
    db,
    sql`
    select input.position::int as position, prefix.known, candidate.word as correction
    from jsonb_array_elements_text(${JSON.stringify(asked.map(({ word }) => word))}::jsonb)
      with ordinality as input(raw, position)
    cross join lateral (
      select (tsvector_to_array(to_tsvector('mealshare_words', input.raw)))[1] as word
    ) as typed
    cross join lateral (
      select exists (select 1 from search_words where word like typed.word || '%') as known,
             left(typed.word, length(typed.word) / 2) as head,
             right(typed.word, length(typed.word) - length(typed.word) / 2 - 1) as tail
    ) as prefix
    left join lateral (
      select word from search_words
      where not prefix.known
        and typed.word ~ '^[[:alpha:]]+$'
        and (word like prefix.head || '%' or word like '%' || prefix.tail)
        and length(word) between length(typed.word) - 1 and length(typed.word) + 1
        and levenshtein(word, typed.word) = 1
    ) as candidate on true`,
  );
  for (const row of rows) {
    const { word, index } = asked[Number(row.position) - 1];
    if (row.known) {
      if (knownPrefixes.size >= KNOWN_PREFIXES_MAX) knownPrefixes.clear();
      knownPrefixes.add(word);
    } else if (row.correction && /^[\p{L}\p{N}]+$/u.test(row.correction)) {
      corrections[index].push(row.correction);
    }
  }
  return corrections;
}

/**
 * The `to_tsquery('mealshare', …)` text for a search: every word must match, as a prefix, through
 * one of its typo corrections, or — a kind's word in any language — as that word or the kind:
 * `(lasagme:* | lasagne) & (carrots:*) & (gratis | free)`.
 * @returns null when the text holds no word at all
 */
export async function buildSearchQuery(db: Executor, text: string): Promise<string | null> {
  const words = searchWordsOf(text);
  if (words.length === 0) return null;
  const kinds = words.map((word) => kindWords.get(fold(word)));
  // A kind's word is a whole word, not a prefix or a typo: "gratis" (stem "grati") must not also
  // find a paid "gratin".
  const corrections = await typoCorrections(
    db,
    words.map((word, i) => (kinds[i] ? "" : word)),
  );
  return words
    .map((word, i) => {
      const kind = kinds[i];
      const alternatives = kind ? [word, kind] : [`${word}:*`, ...corrections[i]];
      return `(${alternatives.join(" | ")})`;
    })
    .join(" & ");
}

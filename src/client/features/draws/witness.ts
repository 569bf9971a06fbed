/**
 * What an entrant saw when they entered a draw, kept in their browser (docs/features/fair-shares.md
 * point 2; contract/draw.ts `EntryWitness`): the commitment then published and their entry's
 * pseudonym, so "How this draw was made" can check the draw against what they saw, not only against
 * itself. Kept per meal in localStorage; a browser that cannot keep it checks the rest.
 */
import type { DrawView, EntryWitness } from "@/contract/draw";

const keyOf = (mealId: string) => `mealshare.drawEntry.${mealId}`;

/** Remembers the commitment and the entry of a draw the viewer just entered. */
export function rememberEntry(view: DrawView): void {
  if (!view.mine) return;
  const witness: EntryWitness = { commitment: view.published.commitment, entryId: view.mine.id };
  try {
    localStorage.setItem(keyOf(view.mealId), JSON.stringify(witness));
  } catch {
    // Storage full or refused: the check runs without what was seen at entry.
  }
}

/**
 * What the viewer saw when they entered this draw: as remembered here, else (entered on another
 * device) their entry as the server names it, with no commitment to compare; null when they did not
 * enter.
 */
export function entryWitness(view: DrawView): EntryWitness | null {
  try {
    const kept = localStorage.getItem(keyOf(view.mealId));
    if (kept) {
      const witness = JSON.parse(kept) as EntryWitness;
      if (typeof witness.entryId === "string") return witness;
    }
  } catch {
    // Unreadable: as if nothing were kept.
  }
  return view.mine ? { commitment: null, entryId: view.mine.id } : null;
}

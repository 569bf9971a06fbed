/**
 * The shape of a list of meals before its meals arrive (docs/features/everyday-journey.md "Skeleton
 * cards"): grey cards the size of the real ones, so a slow network shows the page's
 * layout at once instead of the word "Loading". The same markup is in a member's list page as the
 * server sends it (src/server/plugins/client.ts, before any script runs) and in the list while its
 * first page loads (features/meals/components/meal-grid.tsx), so nothing jumps between the two.
 * Plain HTML with the app's Tailwind classes; no words (the caller adds its status text).
 */

const card =
  '<li class="flex"><div class="flex w-full flex-col overflow-hidden rounded-xl border bg-card shadow">' +
  '<div class="aspect-[4/3] w-full animate-pulse bg-muted"></div>' +
  '<div class="flex flex-col gap-3 p-4"><div class="h-4 w-1/3 rounded bg-muted"></div>' +
  '<div class="h-5 w-3/4 rounded bg-muted"></div><div class="h-4 w-full rounded bg-muted"></div>' +
  '<div class="h-9 w-full rounded-md bg-muted"></div></div></div></li>';

/** Six card outlines in the grid the real cards use (one column on a phone, up to four). */
export const MEAL_CARD_SKELETONS =
  '<ul class="grid w-full grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">' +
  card.repeat(6) +
  "</ul>";

/**
 * A member's list page before its script has run: the navigation bar's place with the app's name,
 * the page title's place, and the cards' outlines.
 * @param status the words a screen reader hears meanwhile ("Loading"), already in the page's language
 */
export function mealListShell(status: string): string {
  return (
    '<div class="min-h-screen"><div class="sticky top-0 z-40 border-b bg-background/95">' +
    '<div class="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4">' +
    '<span class="text-lg font-bold text-primary">MealShare</span></div></div>' +
    '<main class="mx-auto max-w-7xl px-4 py-6 sm:py-8"><div role="status" class="flex flex-col gap-6">' +
    `<span class="sr-only">${status}</span><div aria-hidden="true" class="h-8 w-56 rounded bg-muted"></div>` +
    `<div aria-hidden="true">${MEAL_CARD_SKELETONS}</div></div></main></div>`
  );
}

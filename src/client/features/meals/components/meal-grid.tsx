/**
 * spec §2 "Meal card" grid: 1 column on small screens, 2 from sm, 3 from lg, 4 from xl. Draws all
 * three states of its query: loading, error with Retry (never the empty state), and meals or the
 * empty state. More meals load as the end of the grid scrolls into view, or with "Load more".
 */
import { type ReactNode, type RefObject, startTransition, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadMore } from "@/client/components/layout/load-more";
import { QueryError } from "@/client/components/layout/query-error";
import type { Meal } from "@/contract/meals";
import { MEAL_CARD_SKELETONS } from "@/contract/plain/skeleton";
import { MealCard } from "./meal-card";

/**
 * Cards drawn at a time: with the page, a phone's screen holds one or two and a wide screen's first
 * row four; the rest follow four by four in background renders, so a slow phone stays answerable
 * between them (docs/decisions/015 "Phones"). Drawn in one go, a page of 20 cards was one task of
 * 100–200 ms at 4× CPU slowdown before the first card could paint; the other 16 in one background
 * render were still one commit of ~100 ms, after it.
 */
const CARDS_AT_A_TIME = 4;

/** The parts of `useMeals` the grid draws. */
interface MealListQuery {
  meals: Meal[];
  isLoading: boolean;
  isError: boolean;
  error: unknown;
  isRefetching: boolean;
  refetch: () => unknown;
  hasNextPage: boolean;
  fetchNextPage: () => unknown;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
}

/** Calls `fetchNextPage` when `end` comes within 600 px of the screen, while `canLoadMore`. */
function useLoadWhenInView(
  end: RefObject<HTMLDivElement | null>,
  canLoadMore: boolean,
  fetchNextPage: () => unknown,
) {
  useEffect(() => {
    const sentinel = end.current;
    if (!sentinel || !canLoadMore || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) fetchNextPage();
      },
      { rootMargin: "600px 0px" },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [end, canLoadMore, fetchNextPage]);
}

/** The grid of a list's meals, drawn a few cards at a time, with its loading and error states. */
export function MealGrid({ query, empty }: { query: MealListQuery; empty: ReactNode }) {
  const { t } = useTranslation("app");
  const end = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState(CARDS_AT_A_TIME);
  const more = query.meals.length > drawn;
  useEffect(() => {
    if (more) startTransition(() => setDrawn(drawn + CARDS_AT_A_TIME));
  }, [more, drawn]);
  const meals = more ? query.meals.slice(0, drawn) : query.meals;
  // The end of the grid is in view while only its first cards are drawn: not a sign to load more.
  const canLoadMore =
    query.hasNextPage &&
    !query.isFetchingNextPage &&
    !query.isFetchNextPageError &&
    meals.length === query.meals.length;

  useLoadWhenInView(end, canLoadMore, query.fetchNextPage);

  if (query.isLoading)
    return (
      // The cards' outlines, as the server's page showed them before the script ran.
      <div role="status" className="w-full">
        <span className="sr-only">{t("Loading meals")}</span>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of our own, no user text */}
        <div aria-hidden="true" dangerouslySetInnerHTML={{ __html: MEAL_CARD_SKELETONS }} />
      </div>
    );
  if (query.isError && !query.isFetchNextPageError) {
    return (
      <QueryError
        title={t("Could not load meals")}
        error={query.error}
        onRetry={() => query.refetch()}
        retrying={query.isRefetching}
      />
    );
  }
  if (query.meals.length === 0 && !query.hasNextPage) return <>{empty}</>;
  return (
    <div className="flex flex-col items-center gap-6">
      <ul className="grid w-full grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {meals.map((meal, position) => (
          <li key={meal.id} className="flex">
            <MealCard meal={meal} position={position} />
          </li>
        ))}
      </ul>
      <div ref={end} aria-hidden="true" />
      {meals.length === query.meals.length && (
        <LoadMore query={query} errorTitle={t("Could not load more meals")} />
      )}
    </div>
  );
}

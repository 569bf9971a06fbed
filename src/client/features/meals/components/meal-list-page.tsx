/**
 * The shared layout of Community and Marketplace (spec §2): title, search, where to look (home area,
 * near me, everywhere: docs/features/neighbourhood.md point 2), the count line, an add button, the grid
 * or the map, and the empty states. Search, distance and allergen hiding run on the server and live in
 * the URL (docs/features/discovery.md), so the count line counts every match, not the loaded page. A
 * list around the home area offers to save it as an alert (point 6). On a phone the food comes first
 * (docs/features/everyday-journey.md): a one-line title, the search, and one Filters control that
 * opens where to look and what to hide; the map fills the screen below, with the count line kept.
 */
import type { TFunction } from "i18next";
import { Plus } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { EmptyState } from "@/client/components/layout/empty-state";
import { Button } from "@/client/components/ui/button";
import { SaveAlertButton } from "@/client/features/alerts";
import type { ListTotal } from "@/client/lib/api-client";
import { formatLocale } from "@/client/lib/region";
import type { Language } from "@/contract/languages";
import type { MealKind } from "@/contract/meals";
import { useMeals } from "../api/get-meals";
import { useMealFilters } from "../use-meal-filters";
import { FiltersButton, filtersPanelClass, useFiltersToggle } from "./filters-toggle";
import { HideAllergensMenu } from "./hide-allergens-menu";
import { LocalityControl } from "./locality-control";
import { MealResults, useNoMealsText, ViewToggle } from "./meal-results";
import { SearchBox } from "./search-box";

/**
 * spec §2: "N free meal(s) available" in the reader's language, with the language's plural and
 * number format ("1,000+" when the server stopped counting), and the radius of "near me".
 */
export function countLine(
  total: ListTotal,
  kind: MealKind,
  t: TFunction<"app">,
  language: string,
  withinKm?: number,
): string {
  const number = `${new Intl.NumberFormat(formatLocale(language as Language)).format(total.count)}${total.atLeast ? "+" : ""}`;
  // "1,000+" reads as many, whatever the language's rule for 1,000.
  const count = total.atLeast ? Number.MAX_SAFE_INTEGER : total.count;
  if (kind === "free") {
    return withinKm
      ? t("{{number}} free meal available within {{km}} km", { count, number, km: withinKm })
      : t("{{number}} free meal available", { count, number });
  }
  return withinKm
    ? t("{{number}} paid meal available within {{km}} km", { count, number, km: withinKm })
    : t("{{number}} paid meal available", { count, number });
}

export function MealListPage(props: {
  kind: MealKind;
  title: string;
  intro: ReactNode;
  searchPlaceholder: string;
  addLabel: string;
  emptyTitle: string;
  emptyButton: string;
  /** Shown under the title: the page's prompt to set a home area. */
  prompt?: ReactNode;
}) {
  const { t, i18n } = useTranslation("app");
  const filters = useMealFilters(props.kind);
  // The map view keeps the count line: the same list's count, whichever way it is shown.
  const query = useMeals(filters.filters);
  const newMealHref = `/meals/new?kind=${props.kind}`;
  const withinKm = filters.isLocal ? filters.radiusKm : undefined;
  const filtersToggle = useFiltersToggle();
  const noMealsText = useNoMealsText(filters);

  return (
    <div className="flex flex-col gap-3 sm:gap-6">
      <div className="flex items-center justify-between gap-3 sm:items-start">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold sm:text-3xl">{props.title}</h1>
          <p className="mt-1 hidden text-muted-foreground sm:block">{props.intro}</p>
        </div>
        <Button asChild size="sm" className="shrink-0 sm:h-10 sm:px-4">
          <Link href={newMealHref}>
            <Plus aria-hidden="true" /> {props.addLabel}
          </Link>
        </Button>
      </div>
      {props.prompt}
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-start">
        <div className="flex items-start gap-2 sm:max-w-md sm:flex-1">
          <div className="min-w-0 flex-1">
            <SearchBox
              value={filters.text}
              onChange={filters.setText}
              label={props.searchPlaceholder.replace("...", "")}
              placeholder={props.searchPlaceholder}
            />
          </div>
          <FiltersButton filters={filtersToggle} />
        </div>
        <div
          id={filtersToggle.id}
          className={filtersPanelClass(filtersToggle, "flex-wrap items-start gap-2")}
        >
          <LocalityControl filters={filters} />
          <HideAllergensMenu kind={props.kind} filters={filters} />
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="min-h-5 text-sm text-muted-foreground" aria-live="polite" data-testid="count-line">
          {query.total && !query.isError
            ? countLine(query.total, props.kind, t, i18n.language, withinKm)
            : ""}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          {filters.area === "home" && <SaveAlertButton alert={filters.alert} />}
          <ViewToggle filters={filters} />
        </div>
      </div>
      <MealResults
        filters={filters}
        query={query}
        empty={
          <EmptyState title={filters.narrowed ? t("No meals found") : props.emptyTitle} text={noMealsText}>
            <Button asChild>
              <Link href={newMealHref}>{props.emptyButton}</Link>
            </Button>
          </EmptyState>
        }
      />
    </div>
  );
}

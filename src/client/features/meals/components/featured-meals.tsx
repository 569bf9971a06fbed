/**
 * Home's Featured Meals (spec §2 "Home"): the meals around the member's home area by default
 * (docs/features/neighbourhood.md point 2), with where to look, allergen hiding, the kind buttons, the
 * List/Map switch, saving the list as an alert, and View All.
 */
import { Plus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { EmptyState } from "@/client/components/layout/empty-state";
import { Button } from "@/client/components/ui/button";
import { SaveAlertButton } from "@/client/features/alerts";
import { useMeals } from "../api/get-meals";
import type { MealFilterState } from "../use-meal-filters";
import { FiltersButton, filtersPanelClass, useFiltersToggle } from "./filters-toggle";
import { HideAllergensMenu } from "./hide-allergens-menu";
import { KindFilterButtons } from "./kind-filter-buttons";
import { LocalityControl } from "./locality-control";
import { MealResults, useNoMealsText, ViewToggle } from "./meal-results";

export function FeaturedMeals({ filters }: { filters: MealFilterState }) {
  const { t } = useTranslation("app");
  const query = useMeals(filters.filters, { enabled: filters.view === "list" });
  const filtersToggle = useFiltersToggle();
  const noMealsText = useNoMealsText(filters, t("Be the first to share a meal!"));
  return (
    <section aria-labelledby="featured" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="featured" className="text-2xl font-bold">
          {t("Featured Meals")}
        </h2>
        <FiltersButton filters={filtersToggle} />
        <div
          id={filtersToggle.id}
          className={filtersPanelClass(filtersToggle, "w-full flex-wrap items-center gap-2 sm:w-auto")}
        >
          <LocalityControl filters={filters} />
          <HideAllergensMenu filters={filters} />
          <KindFilterButtons filters={filters} />
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-end gap-2">
        {filters.area === "home" && <SaveAlertButton alert={filters.alert} />}
        <ViewToggle filters={filters} />
      </div>
      <MealResults
        filters={filters}
        query={query}
        empty={
          <EmptyState title={t("No meals found")} text={noMealsText}>
            <Button asChild>
              <Link href="/meals/new">
                <Plus aria-hidden="true" /> {t("Add New Meal")}
              </Link>
            </Button>
          </EmptyState>
        }
      />
      <div className="flex justify-center">
        <Button asChild variant="outline" size="lg">
          <Link href="/community">{t("View All Meals")}</Link>
        </Button>
      </div>
    </section>
  );
}

/**
 * Home (spec §2 "Home"): hero search, the two kinds of sharing, the neighbourhood's impact and
 * Featured Meals. The search asks the server and lives in the URL (`?q=`).
 */

import { Plus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { EmptyState } from "@/client/components/layout/empty-state";
import { Button } from "@/client/components/ui/button";
import { ImpactSummary } from "@/client/features/impact";
import {
  BrowseByKind,
  HideAllergensMenu,
  KindFilterButtons,
  MealGrid,
  NearMeControl,
  SearchBox,
  useMealFilters,
  useMeals,
} from "@/client/features/meals";

export default function HomePage() {
  const { t } = useTranslation("app");
  const filters = useMealFilters();
  const query = useMeals(filters.filters);

  return (
    <div className="flex flex-col gap-10">
      <section className="rounded-2xl bg-gradient-to-br from-green-100 to-amber-50 px-6 py-10 text-center">
        <h1 className="text-3xl font-bold text-green-900 sm:text-4xl">
          {t("What's cooking in your neighbourhood?")}
        </h1>
        <p className="mt-2 text-muted-foreground">
          {t("Free surplus meals and home-cooked food from people nearby.")}
        </p>
        <div className="mx-auto mt-6 max-w-xl">
          <SearchBox
            value={filters.text}
            onChange={filters.setText}
            label={t("Search meals")}
            placeholder={t("Search meals, ingredients, allergens...")}
          />
        </div>
      </section>

      <BrowseByKind />
      <ImpactSummary />

      <section aria-labelledby="featured" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="featured" className="text-2xl font-bold">
            {t("Featured Meals")}
          </h2>
          <div className="flex flex-wrap items-center gap-2">
            <NearMeControl filters={filters} />
            <HideAllergensMenu filters={filters} />
            <KindFilterButtons filters={filters} />
          </div>
        </div>
        <MealGrid
          query={query}
          empty={
            <EmptyState
              title={t("No meals found")}
              text={
                filters.narrowed ? t("Try adjusting your search terms.") : t("Be the first to share a meal!")
              }
            >
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
    </div>
  );
}

/**
 * Home (spec §2 "Home"): hero search, the two kinds of sharing, and Featured Meals. The search asks
 * the server and lives in the URL (`?q=`); All, Free and Paid only set the search text (spec §2).
 */

import type { TFunction } from "i18next";
import { Heart, Plus, Store } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { EmptyState } from "@/client/components/layout/empty-state";
import { QueryError } from "@/client/components/layout/query-error";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent } from "@/client/components/ui/card";
import { useImpact } from "@/client/features/impact/api/impact";
import { ImpactFigures } from "@/client/features/impact/components/impact-figures";
import { useMeals } from "@/client/features/meals/api/get-meals";
import { HideAllergensMenu } from "@/client/features/meals/components/hide-allergens-menu";
import { MealGrid } from "@/client/features/meals/components/meal-grid";
import { NearMeControl } from "@/client/features/meals/components/near-me-control";
import { SearchBox } from "@/client/features/meals/components/search-box";
import { useMealFilters } from "@/client/features/meals/use-meal-filters";
import { type Say, useMessages } from "@/client/lib/messages";
import { cn } from "@/client/lib/utils";
import { KIND_SEARCH_WORDS } from "@/contract/meals";

/** spec §2: the buttons only set the search text, the kind's word in the reader's language. */
const filterButtons = (t: TFunction<"app">, say: Say) => [
  { label: t("All"), text: "" },
  { label: t("Free"), text: say(KIND_SEARCH_WORDS.free) },
  { label: t("Paid"), text: say(KIND_SEARCH_WORDS.paid) },
];

export default function HomePage() {
  const { t } = useTranslation("app");
  const say = useMessages();
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

      <section className="grid gap-4 md:grid-cols-2" aria-label={t("Browse by kind")}>
        <Card>
          <CardContent className="flex flex-wrap items-center gap-4 p-6">
            <Heart className="h-10 w-10 text-green-700" aria-hidden="true" />
            <div className="min-w-40 flex-1">
              <h2 className="text-lg font-semibold">{t("Community")}</h2>
              <p className="text-sm text-muted-foreground">{t("Free surplus meals shared by neighbours.")}</p>
            </div>
            <Button asChild variant="outline" className="ml-auto">
              <Link href="/community">{t("Browse")}</Link>
            </Button>
          </CardContent>
        </Card>
        <Card>
          <CardContent className="flex flex-wrap items-center gap-4 p-6">
            <Store className="h-10 w-10 text-amber-700" aria-hidden="true" />
            <div className="min-w-40 flex-1">
              <h2 className="text-lg font-semibold">{t("Marketplace")}</h2>
              <p className="text-sm text-muted-foreground">
                {t("Home-cooked meals from registered local cooks.")}
              </p>
            </div>
            <Button asChild variant="outline" className="ml-auto">
              <Link href="/marketplace">{t("Explore")}</Link>
            </Button>
          </CardContent>
        </Card>
      </section>

      <HomeImpact />

      <section aria-labelledby="featured" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="featured" className="text-2xl font-bold">
            {t("Featured Meals")}
          </h2>
          <div className="flex flex-wrap items-center gap-2">
            <NearMeControl filters={filters} />
            <HideAllergensMenu filters={filters} />
            <fieldset className="flex gap-1">
              <legend className="sr-only">{t("Filter meals")}</legend>
              {filterButtons(t, say).map((filter) => (
                <Button
                  key={filter.label}
                  size="sm"
                  variant={filters.filters.q === filter.text ? "default" : "outline"}
                  aria-pressed={filters.filters.q === filter.text}
                  onClick={() => filters.searchFor(filter.text)}
                  className={cn("min-w-14")}
                >
                  {filter.label}
                </Button>
              ))}
            </fieldset>
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

/**
 * Home's impact card (issue 15): the neighbourhood's figures and a link to how they are made. A
 * failed load says so with Retry, in the card's place.
 */
function HomeImpact() {
  const { t } = useTranslation("app");
  const impact = useImpact();
  return (
    <section aria-labelledby="home-impact" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="home-impact" className="text-2xl font-bold">
          {t("Our neighbourhood so far")}
        </h2>
        <Link href="/impact" className="text-sm font-medium text-green-800 underline">
          {t("How we count")}
        </Link>
      </div>
      {impact.isError ? (
        <QueryError
          title={t("Could not load the figures")}
          error={impact.error}
          onRetry={() => impact.refetch()}
          retrying={impact.isRefetching}
          compact
        />
      ) : impact.data ? (
        <ImpactFigures impact={impact.data} />
      ) : (
        <div className="h-24" aria-hidden="true" />
      )}
    </section>
  );
}

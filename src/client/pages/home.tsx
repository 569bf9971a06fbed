/**
 * Home (spec §2 "Home"): hero search, Featured Meals — first after a compact hero, so a phone shows
 * food on its first screen (docs/features/everyday-journey.md) — the two kinds of sharing and the
 * neighbourhood's impact, around the member's home area once they set one (docs/features/neighbourhood.md).
 * The search asks the server and lives in the URL (`?q=`).
 */
import { useTranslation } from "react-i18next";
import { HomeAreaPrompt } from "@/client/features/home-area";
import { ImpactSummary } from "@/client/features/impact";
import {
  BrowseByKind,
  FeaturedMeals,
  mealListLoader,
  SearchBox,
  useMealFilters,
} from "@/client/features/meals";

/** Its first screen: the list's first page (src/client/lib/page-data.ts). */
export const loader = mealListLoader(undefined, false);

export default function HomePage() {
  const { t } = useTranslation("app");
  const filters = useMealFilters();

  return (
    <div className="flex flex-col gap-6 sm:gap-10">
      <section className="rounded-2xl bg-gradient-to-br from-green-100 to-amber-50 px-4 py-5 text-center sm:px-6 sm:py-10">
        <h1 className="text-2xl font-bold text-green-900 sm:text-4xl">
          {t("What's cooking in your neighbourhood?")}
        </h1>
        <p className="mt-2 hidden text-muted-foreground sm:block">
          {t("Free surplus meals and home-cooked food from people nearby.")}
        </p>
        <div className="mx-auto mt-4 max-w-xl sm:mt-6">
          <SearchBox
            value={filters.text}
            onChange={filters.setText}
            label={t("Search meals")}
            placeholder={t("Search meals, ingredients, allergens...")}
          />
        </div>
      </section>
      <HomeAreaPrompt />
      {/* Food first (docs/features/everyday-journey.md): the meals, then the ways in and the figures. */}
      <FeaturedMeals filters={filters} />
      <BrowseByKind />
      <ImpactSummary />
    </div>
  );
}

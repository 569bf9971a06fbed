/**
 * Home (spec §2 "Home"): hero search, the two kinds of sharing, the neighbourhood's impact and
 * Featured Meals, around the member's home area once they set one (docs/features/neighbourhood.md).
 * The search asks the server and lives in the URL (`?q=`).
 */
import { useTranslation } from "react-i18next";
import { HomeAreaPrompt } from "@/client/features/home-area";
import { ImpactSummary } from "@/client/features/impact";
import { BrowseByKind, FeaturedMeals, SearchBox, useMealFilters } from "@/client/features/meals";

export default function HomePage() {
  const { t } = useTranslation("app");
  const filters = useMealFilters();

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
      <HomeAreaPrompt />
      <BrowseByKind />
      <ImpactSummary />
      <FeaturedMeals filters={filters} />
    </div>
  );
}

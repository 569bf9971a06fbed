/** Marketplace (spec §2 "Marketplace"): paid meals from registered local cooks, around the member's home area once they set one. */

import { useTranslation } from "react-i18next";
import { HomeAreaPrompt } from "@/client/features/home-area";
import { MealListPage, mealListLoader } from "@/client/features/meals";

/** Its first screen: the list's first page (src/client/lib/page-data.ts). */
export const loader = mealListLoader("paid", true);

export default function MarketplacePage() {
  const { t } = useTranslation("app");
  return (
    <MealListPage
      prompt={<HomeAreaPrompt />}
      kind="paid"
      title={t("Marketplace")}
      intro={t(
        "Home-cooked meals from registered local cooks in your neighbourhood. Payment is arranged with the cook at pickup.",
      )}
      searchPlaceholder={t("Search marketplace meals...")}
      addLabel={t("Add Meal")}
      emptyTitle={t("No paid meals available")}
      emptyButton={t("Create Paid Meal")}
    />
  );
}

/** Marketplace (spec §2 "Marketplace"): paid meals from registered local cooks. */

import { useTranslation } from "react-i18next";
import { MealListPage } from "@/client/features/meals";

export default function MarketplacePage() {
  const { t } = useTranslation("app");
  return (
    <MealListPage
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

/** Community (spec §2 "Community"): free surplus meals, around the member's home area once they set one. */

import { useTranslation } from "react-i18next";
import { HomeAreaPrompt } from "@/client/features/home-area";
import { MealListPage, mealListLoader } from "@/client/features/meals";

/** Its first screen: the list's first page (src/client/lib/page-data.ts). */
export const loader = mealListLoader("free", true);

export default function CommunityPage() {
  const { t } = useTranslation("app");
  return (
    <MealListPage
      prompt={<HomeAreaPrompt />}
      kind="free"
      title={t("Community Meals")}
      intro={t("Free surplus meals shared by your neighbours. Take what you need, and share when you can.")}
      searchPlaceholder={t("Search free meals...")}
      addLabel={t("Share Meal")}
      emptyTitle={t("No free meals available")}
      emptyButton={t("Share a Free Meal")}
    />
  );
}

/** Community (spec §2 "Community"): free surplus meals. */

import { useTranslation } from "react-i18next";
import { MealListPage } from "@/client/features/meals";

export default function CommunityPage() {
  const { t } = useTranslation("app");
  return (
    <MealListPage
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

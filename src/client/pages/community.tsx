/** Community (spec §2 "Community"): free surplus meals. */

import { useTranslation } from "react-i18next";
import { MealListPage } from "@/client/features/meals/components/meal-list-page";

export default function CommunityPage() {
  const { t } = useTranslation("app");
  return (
    <MealListPage
      kind="free"
      title={t("Community Meals")}
      intro="Free surplus meals shared by your neighbours. Take what you need, and share when you can."
      searchPlaceholder="Search free meals..."
      addLabel="Share Meal"
      emptyTitle="No free meals available"
      emptyButton="Share a Free Meal"
    />
  );
}

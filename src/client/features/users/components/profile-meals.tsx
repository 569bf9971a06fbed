/** A public profile's open meals (none when either has blocked the other). */
import { useTranslation } from "react-i18next";
import { EmptyState } from "@/client/components/layout/empty-state";
import { MealGrid } from "@/client/features/meals";
import { useUserMeals } from "../api/profiles";

export function ProfileMeals({ id, blocked }: { id: string; blocked: boolean }) {
  const { t } = useTranslation("app");
  const query = useUserMeals(id);
  return (
    <MealGrid
      query={query}
      empty={
        <EmptyState title={blocked ? t("You have blocked this user") : t("No active meals right now")} />
      }
    />
  );
}

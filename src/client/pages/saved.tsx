/**
 * Saved meals (docs/features/everyday-journey.md: the heart on a card), at a place of their
 * own in the menus, not only under Requests → Saved, where that tab stays.
 */
import { useTranslation } from "react-i18next";
import { SavedMeals } from "@/client/features/meals";

export default function SavedPage() {
  const { t } = useTranslation("app");
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-4">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("Saved meals")}</h1>
      <SavedMeals />
    </div>
  );
}

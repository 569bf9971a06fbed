/** Create New Meal (spec §2, §5): the form, under its heading. */
import { useTranslation } from "react-i18next";
import { useMyGroups } from "@/client/features/groups";
import { CreateMealForm } from "@/client/features/meals";

export default function CreateMealPage() {
  const { t } = useTranslation("app");
  // "Who can see this meal?" offers the member's groups (docs/features/groups.md point 3).
  const groups = useMyGroups().data ?? [];
  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="text-3xl font-bold">{t("Create New Meal")}</h1>
      <p className="mt-1 text-muted-foreground">
        {t("Share what you cooked. Neighbours can request a portion each.")}
      </p>
      <CreateMealForm groups={groups.filter((group) => group.membership?.rulesAccepted)} />
    </div>
  );
}

/** Create New Meal (spec §2, §5): the form, under its heading. */
import { useTranslation } from "react-i18next";
import { CreateMealForm } from "@/client/features/meals";

export default function CreateMealPage() {
  const { t } = useTranslation("app");
  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="text-3xl font-bold">{t("Create New Meal")}</h1>
      <p className="mt-1 text-muted-foreground">
        {t("Share what you cooked. Neighbours can request a portion each.")}
      </p>
      <CreateMealForm />
    </div>
  );
}

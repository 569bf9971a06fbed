/**
 * Edit a meal (docs/features/everyday-journey.md): its cook's form, filled in as posted. Anyone else
 * is told the meal is not theirs to change; an unknown meal says so.
 */
import { useTranslation } from "react-i18next";
import { Link, useParams } from "wouter";
import { EmptyState } from "@/client/components/layout/empty-state";
import { isNotFound, QueryError } from "@/client/components/layout/query-error";
import { Spinner } from "@/client/components/layout/spinner";
import { Button } from "@/client/components/ui/button";
import { EditMealForm, useMeal } from "@/client/features/meals";

export default function EditMealPage() {
  const { t } = useTranslation("app");
  const { id } = useParams<{ id: string }>();
  const meal = useMeal(id);
  if (meal.isLoading) return <Spinner className="py-24" label={t("Loading meal")} />;
  if (meal.error && !isNotFound(meal.error)) {
    return (
      <QueryError
        title={t("Could not load this meal")}
        error={meal.error}
        onRetry={() => void meal.refetch()}
        retrying={meal.isRefetching}
      />
    );
  }
  if (!meal.data) return <EmptyState title={t("Meal not found")} />;
  if (!meal.data.yours) {
    return (
      <EmptyState title={t("Only the cook who posted this meal can change it.")}>
        <Button asChild variant="outline">
          <Link href={`/meal/${id}`}>{t("Back to the meal")}</Link>
        </Button>
      </EmptyState>
    );
  }
  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="text-3xl font-bold">{t("Edit meal")}</h1>
      <p className="mt-1 text-muted-foreground">
        {t("Neighbours who asked for it are told what you change.")}
      </p>
      <EditMealForm meal={meal.data} />
    </div>
  );
}

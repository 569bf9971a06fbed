/**
 * Meal detail (spec §2 "Meal detail"): the meal, its cook, what it holds, where it is picked up (to
 * about 100 m), and the request form.
 */
import { useTranslation } from "react-i18next";
import { Link, useParams } from "wouter";
import { EmptyState } from "@/client/components/layout/empty-state";
import { isNotFound, QueryError } from "@/client/components/layout/query-error";
import { Spinner } from "@/client/components/layout/spinner";
import { Button } from "@/client/components/ui/button";
import { AfterDraw, DrawPanel } from "@/client/features/draws";
import {
  AdminMealControls,
  isMealId,
  MealCook,
  MealFacts,
  MealHeading,
  MealHero,
  MealPlace,
  mealQuery,
  OwnerActions,
  SeriesPanel,
  useMeal,
} from "@/client/features/meals";
import { RequestMealForm } from "@/client/features/requests";
import type { PageLoader } from "@/client/lib/page-data";
import { allergyWarningName } from "@/contract/plain/food-safety";

/** Its first screen: the meal (src/client/lib/page-data.ts); nothing for an id that names none. */
export const loader: PageLoader = ({ id }) => (isMealId(id) ? [mealQuery(id)] : []);

export default function MealDetailPage() {
  const { t } = useTranslation("app");
  const { id } = useParams<{ id: string }>();
  const { data: meal, isLoading, error, refetch, isRefetching } = useMeal(id);

  if (isLoading) return <Spinner className="py-24" label={t("Loading meal")} />;
  if (error && !isNotFound(error)) {
    return (
      <QueryError
        title={t("Could not load this meal")}
        error={error}
        onRetry={() => refetch()}
        retrying={isRefetching}
      />
    );
  }
  if (!meal || error) {
    return (
      <EmptyState title={t("Meal not found")} text={t("The meal you're looking for doesn't exist.")}>
        <Button asChild>
          <Link href="/community">{t("Browse Meals")}</Link>
        </Button>
      </EmptyState>
    );
  }

  const isOwner = meal.yours;
  const warnings = meal.allergyWarnings.map(allergyWarningName);
  return (
    <article className="mx-auto grid max-w-5xl gap-8 lg:grid-cols-2">
      <MealHero meal={meal} isOwner={isOwner} />
      <div className="flex flex-col gap-5">
        <MealHeading meal={meal} isOwner={isOwner} />
        <MealCook meal={meal} isOwner={isOwner} />
        <MealFacts meal={meal} />
        <MealPlace meal={meal} />
        <SeriesPanel meal={meal} isOwner={isOwner} />
        {meal.abilities.moderate.allowed && <AdminMealControls meal={meal} />}
        {meal.allocation === "draw" && <DrawPanel meal={meal} />}
        {isOwner ? (
          <OwnerActions meal={meal} />
        ) : meal.allocation === "draw" ? (
          <AfterDraw mealId={meal.id}>
            <RequestMealForm meal={meal} allergenWarnings={warnings} />
          </AfterDraw>
        ) : (
          <RequestMealForm meal={meal} allergenWarnings={warnings} />
        )}
      </div>
    </article>
  );
}

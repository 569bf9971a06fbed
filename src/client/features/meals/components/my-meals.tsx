/** The profile's My Meals tab (spec §2 "Profile"): Add New Meal and the cook's own meals, a page at a time. */
import { Plus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { EmptyState } from "@/client/components/layout/empty-state";
import { LoadMore } from "@/client/components/layout/load-more";
import { QueryError } from "@/client/components/layout/query-error";
import { Spinner } from "@/client/components/layout/spinner";
import { Button } from "@/client/components/ui/button";
import type { useMyMeals } from "../api/get-my-meals";
import { OwnMealCard } from "./own-meal-card";

export function MyMeals({ query }: { query: ReturnType<typeof useMyMeals> }) {
  const { t } = useTranslation("app");
  const { meals, isLoading, isError, error, refetch, isRefetching } = query;
  return (
    <>
      <div className="flex justify-end">
        <Button asChild>
          <Link href="/meals/new">
            <Plus aria-hidden="true" /> {t("Add New Meal")}
          </Link>
        </Button>
      </div>
      {isLoading ? (
        <Spinner className="py-12" label={t("Loading your meals")} />
      ) : isError && meals.length === 0 ? (
        <QueryError
          title={t("Could not load your meals")}
          error={error}
          onRetry={() => refetch()}
          retrying={isRefetching}
        />
      ) : meals.length === 0 ? (
        <EmptyState title={t("No meals yet")} text={t("Share your first meal with the neighbourhood.")} />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {meals.map((meal) => (
            <li key={meal.id}>
              <OwnMealCard meal={meal} />
            </li>
          ))}
        </ul>
      )}
      {meals.length > 0 && <LoadMore query={query} errorTitle={t("Could not load more of your meals")} />}
    </>
  );
}

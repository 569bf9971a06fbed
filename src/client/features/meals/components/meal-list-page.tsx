/**
 * The shared layout of Community and Marketplace (spec §2): title, search, count line, an add
 * button, the grid, and the empty states.
 */
import { Plus } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link } from "wouter";
import { EmptyState } from "@/client/components/layout/empty-state";
import { Button } from "@/client/components/ui/button";
import type { MealKind } from "@/contract/meals";
import { useMeals } from "../api/get-meals";
import { matchesSearch } from "../search";
import { MealGrid } from "./meal-grid";
import { SearchBox } from "./search-box";
import { ShowDistancesButton } from "./show-distances";

export function MealListPage(props: {
  kind: MealKind;
  title: string;
  intro: ReactNode;
  searchPlaceholder: string;
  addLabel: string;
  emptyTitle: string;
  emptyButton: string;
}) {
  const [search, setSearch] = useState("");
  const { meals, isLoading, hasNextPage, fetchNextPage, isFetchingNextPage } = useMeals(props.kind);
  const shown = meals.filter((meal) => matchesSearch(meal, search));
  const newMealHref = `/meals/new?kind=${props.kind}`;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">{props.title}</h1>
          <p className="mt-1 text-muted-foreground">{props.intro}</p>
        </div>
        <Button asChild>
          <Link href={newMealHref}>
            <Plus aria-hidden="true" /> {props.addLabel}
          </Link>
        </Button>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="sm:max-w-md sm:flex-1">
          <SearchBox
            value={search}
            onChange={setSearch}
            label={props.searchPlaceholder.replace("...", "")}
            placeholder={props.searchPlaceholder}
          />
        </div>
        <ShowDistancesButton />
      </div>
      {!isLoading && (
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {shown.length} {props.kind} {shown.length === 1 ? "meal" : "meals"} available
        </p>
      )}
      <MealGrid
        meals={shown}
        isLoading={isLoading}
        hasNextPage={hasNextPage}
        isFetchingNextPage={isFetchingNextPage}
        fetchNextPage={fetchNextPage}
        empty={
          <EmptyState
            title={search && meals.length > 0 ? "No meals found" : props.emptyTitle}
            text={search && meals.length > 0 ? "Try adjusting your search terms." : undefined}
          >
            <Button asChild>
              <Link href={newMealHref}>{props.emptyButton}</Link>
            </Button>
          </EmptyState>
        }
      />
    </div>
  );
}

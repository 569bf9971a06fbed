import type { ReactNode } from "react";
import { Spinner } from "@/client/components/layout/spinner";
import { Button } from "@/client/components/ui/button";
import type { Meal } from "@/contract/meals";
import { MealCard } from "./meal-card";

/**
 * spec §2 "Meal card" grid: 1 column on small screens, 2 from sm, 3 from lg, 4 from xl; with
 * "Load more" when the server has another page.
 */
export function MealGrid(props: {
  meals: Meal[];
  isLoading: boolean;
  empty: ReactNode;
  hasNextPage?: boolean;
  isFetchingNextPage?: boolean;
  fetchNextPage?: () => void;
}) {
  if (props.isLoading) return <Spinner className="py-16" label="Loading meals" />;
  if (props.meals.length === 0 && !props.hasNextPage) return <>{props.empty}</>;
  return (
    <div className="flex flex-col items-center gap-6">
      <ul className="grid w-full grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {props.meals.map((meal) => (
          <li key={meal.id} className="flex">
            <MealCard meal={meal} />
          </li>
        ))}
      </ul>
      {props.hasNextPage && (
        <Button variant="outline" onClick={() => props.fetchNextPage?.()} disabled={props.isFetchingNextPage}>
          {props.isFetchingNextPage ? "Loading..." : "Load more"}
        </Button>
      )}
    </div>
  );
}

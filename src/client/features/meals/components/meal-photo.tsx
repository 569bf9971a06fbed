import { cn } from "@/client/lib/utils";
import type { Meal } from "@/contract/meals";

/** The meal's photo, or the placeholder when it has none (spec §9). */
export function MealPhoto({
  meal,
  className,
  eager,
}: {
  meal: Pick<Meal, "photoPath" | "title">;
  className?: string;
  eager?: boolean;
}) {
  return (
    <img
      src={meal.photoPath ?? "/meal-placeholder.svg"}
      alt={meal.photoPath ? meal.title : `No photo of ${meal.title}`}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      width={400}
      height={300}
      className={cn("aspect-[4/3] w-full bg-muted object-cover", className)}
    />
  );
}

import { Star } from "lucide-react";
import { cn } from "@/client/lib/utils";

/**
 * spec §9: five stars filled by the whole-number part of the rating, and the number with one
 * decimal. Renders nothing for a user without reviews.
 */
export function StarRating({
  rating,
  count,
  className,
}: {
  rating: number | null;
  count?: number;
  className?: string;
}) {
  if (rating == null) return null;
  const filled = Math.floor(rating);
  return (
    <span className={cn("inline-flex items-center gap-1 text-sm", className)}>
      <span className="inline-flex" role="img" aria-label={`Rated ${rating.toFixed(1)} out of 5`}>
        {[1, 2, 3, 4, 5].map((n) => (
          <Star
            key={n}
            aria-hidden="true"
            className={cn(
              "h-4 w-4",
              n <= filled ? "fill-amber-400 text-amber-400" : "text-muted-foreground/40",
            )}
          />
        ))}
      </span>
      <span className="font-medium">{rating.toFixed(1)}</span>
      {count !== undefined && (
        <span className="text-muted-foreground">
          ({count} {count === 1 ? "review" : "reviews"})
        </span>
      )}
    </span>
  );
}

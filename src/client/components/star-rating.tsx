import { Star } from "lucide-react";
import { useTranslation } from "react-i18next";
import { formatLocale } from "@/client/lib/region";
import { cn } from "@/client/lib/utils";
import type { Language } from "@/contract/languages";

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
  const { t, i18n } = useTranslation("app");
  if (rating == null) return null;
  const filled = Math.floor(rating);
  const shown = new Intl.NumberFormat(formatLocale(i18n.language as Language), {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(rating);
  return (
    <span className={cn("inline-flex items-center gap-1 text-sm", className)}>
      <span className="inline-flex" role="img" aria-label={t("Rated {{rating}} out of 5", { rating: shown })}>
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
      <span className="font-medium">{shown}</span>
      {count !== undefined && (
        <span className="text-muted-foreground">({t("{{count}} review", { count })})</span>
      )}
    </span>
  );
}

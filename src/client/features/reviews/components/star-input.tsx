/**
 * The review form's star rating (spec §4 "Review form"): a radio group of five labelled stars,
 * operable with arrow keys, starting at 0 with the label 'Click stars to rate' ('Tap a star to rate' on
 * a touch screen, where nothing is clicked).
 */
import { Star } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useMessages } from "@/client/lib/messages";
import { isTouchScreen } from "@/client/lib/touch";
import { cn } from "@/client/lib/utils";
import { RATING_LABELS } from "@/contract/reviews";

export function StarInput({ value, onChange }: { value: number; onChange: (value: number) => void }) {
  const { t } = useTranslation("app");
  const name = useId();
  const labelId = useId();
  const say = useMessages();
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="text-sm font-medium" id={labelId}>
        {t("Rating")} <span aria-hidden="true">*</span>
      </legend>
      <div className="flex items-center gap-3">
        <div className="flex">
          {[1, 2, 3, 4, 5].map((n) => (
            <label
              key={n}
              className="cursor-pointer rounded p-0.5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
            >
              <input
                type="radio"
                name={name}
                value={n}
                checked={value === n}
                required
                onChange={() => onChange(n)}
                className="sr-only"
                aria-label={t("{{count}} star: {{label}}", { count: n, label: say(RATING_LABELS[n]) })}
              />
              <Star
                aria-hidden="true"
                className={cn(
                  "h-7 w-7",
                  n <= value ? "fill-amber-400 text-amber-400" : "text-muted-foreground/50",
                )}
              />
            </label>
          ))}
        </div>
        <span className="text-sm text-muted-foreground" aria-live="polite">
          {value === 0 && isTouchScreen() ? t("Tap a star to rate") : say(RATING_LABELS[value])}
        </span>
      </div>
    </fieldset>
  );
}

/**
 * The meal form's "Who gets it?" (docs/features/fair-shares.md point 1), for free meals:
 * first come (the cook accepts requests, as always), an open draw with when its entries close, or the
 * cook's choice among requests.
 */
import { useId } from "react";
import type { UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FieldError, fieldAria } from "@/client/components/ui/field-error";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import type { MealFormValues } from "../../meal-form-schema";

export function AllocationFields({ form }: { form: UseFormReturn<MealFormValues> }) {
  const { t } = useTranslation("app");
  const closesId = useId();
  const kind = form.watch("kind");
  const allocation = form.watch("allocation");
  const weekly = form.watch("weekly");
  const error = form.formState.errors.drawClosesAt?.message ?? form.formState.errors.allocation?.message;
  if (kind !== "free" || weekly) return null;
  const choices = [
    { value: "first_come", label: t("First come"), hint: t("You accept requests as they come.") },
    {
      value: "draw",
      label: t("Draw"),
      hint: t(
        "Neighbours enter until a time you set; an open draw anyone can check picks who gets the portions.",
      ),
    },
    {
      value: "choose",
      label: t("I choose"),
      hint: t(
        "You see each request with the neighbour's pickup record and free meals lately, and accept whom you like; the rest are declined once the portions are gone.",
      ),
    },
  ] as const;
  return (
    <fieldset className="flex flex-col gap-3 rounded-md border p-4">
      <legend className="px-1 text-sm font-medium">{t("Who gets it?")}</legend>
      {choices.map((choice) => (
        // The hint describes the choice; only its name labels it (the form's other fields keep theirs).
        <div key={choice.value} className="flex items-start gap-2 text-sm">
          <input
            type="radio"
            id={`${closesId}-${choice.value}`}
            name="allocation"
            className="mt-1"
            value={choice.value}
            aria-describedby={`${closesId}-${choice.value}-hint`}
            checked={allocation === choice.value}
            onChange={() => form.setValue("allocation", choice.value)}
          />
          <div>
            <label htmlFor={`${closesId}-${choice.value}`} className="font-medium">
              {choice.label}
            </label>
            <p id={`${closesId}-${choice.value}-hint`} className="text-muted-foreground">
              {choice.hint}
            </p>
          </div>
        </div>
      ))}
      {allocation === "draw" && (
        <div className="flex flex-col gap-1">
          <Label htmlFor={closesId}>{t("Entries close at")}</Label>
          <Input
            {...fieldAria(closesId, error)}
            type="datetime-local"
            className="w-auto"
            {...form.register("drawClosesAt")}
          />
          <FieldError id={closesId} message={error} />
          <p className="text-sm text-muted-foreground">
            {t(
              "Leave it empty for an hour after posting, or halfway to the pickup if that comes sooner, so winners have time to come.",
            )}
          </p>
          <label className="mt-2 flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-1"
              checked={form.watch("drawEligibility") === "neighbours"}
              onChange={(event) =>
                form.setValue("drawEligibility", event.target.checked ? "neighbours" : "everyone")
              }
            />
            <span>
              {t("Only neighbours with a completed exchange may enter")}
              <span className="block text-muted-foreground">
                {t("The draw's page says so. It keeps out accounts made just to enter.")}
              </span>
            </span>
          </label>
        </div>
      )}
    </fieldset>
  );
}

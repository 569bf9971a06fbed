/**
 * The meal form's kind (Community or Marketplace), its price written the reader's way, and the
 * portions; the registered-cook notice when someone who is not one picks Marketplace.
 */
import type { UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { FormField } from "@/client/components/form-field";
import { FieldError, fieldAria } from "@/client/components/ui/field-error";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { useCurrentUser } from "@/client/features/auth";
import { deployment } from "@/client/lib/deployment";
import { useFormat } from "@/client/lib/format";
import type { MealFormValues } from "../../meal-form-schema";

/** The currency's sign as the language writes it: "$", "€", "£", "US$". */
function currencySymbol(language: string, currency: string): string {
  return (
    new Intl.NumberFormat(language, { style: "currency", currency })
      .formatToParts(0)
      .find((part) => part.type === "currency")?.value ?? currency
  );
}

export function KindAndPriceFields({ form }: { form: UseFormReturn<MealFormValues> }) {
  const { t } = useTranslation("app");
  const f = useFormat();
  const { currency } = deployment();
  const { user } = useCurrentUser();
  const { register, watch, formState } = form;
  const errors = formState.errors;
  const field = (name: keyof MealFormValues) => fieldAria(name, errors[name]?.message);
  const kind = watch("kind");
  const priceExample = f.number(7.5, { minimumFractionDigits: 2 });
  return (
    <>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">{t("Kind")}</legend>
        <div className="flex flex-wrap gap-4">
          <label className="flex items-center gap-2">
            <input type="radio" value="free" {...register("kind")} className="h-4 w-4 accent-green-700" />
            {t("Community (free)")}
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" value="paid" {...register("kind")} className="h-4 w-4 accent-green-700" />
            {t("Marketplace (paid)")}
          </label>
        </div>
      </fieldset>
      {kind === "paid" && !user?.isCook && (
        <p
          role="status"
          className="rounded-md border border-amber-400 bg-amber-50 p-3 text-sm text-amber-900"
          data-testid="cook-only-notice"
        >
          {t("Only registered cooks can sell meals.")}{" "}
          <Link href="/become-a-cook" className="font-semibold underline">
            {t("Apply to become one.")}
          </Link>
        </p>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        {kind === "paid" && (
          <div className="flex flex-col gap-2">
            <Label htmlFor="price">
              {t("Price ({{currency}})", { currency: currencySymbol(f.locale, currency) })}
            </Label>
            {/* Text, not a number input: each language writes amounts its own way (7.50, 7,50). */}
            <Input
              {...field("price")}
              {...register("price")}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              placeholder={priceExample}
            />
            <FieldError id="price" message={errors.price?.message} />
          </div>
        )}
        <FormField
          id="portionSize"
          label={t("Portions")}
          error={errors.portionSize?.message}
          className="gap-2"
        >
          <Input
            {...field("portionSize")}
            {...register("portionSize", { valueAsNumber: true })}
            type="number"
            min="1"
            step="1"
          />
        </FormField>
      </div>
    </>
  );
}

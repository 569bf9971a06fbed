/** The meal form's food details: when it was prepared, how it is kept, how to reheat it. */
import type { UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FieldError, fieldAria } from "@/client/components/ui/field-error";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { Textarea } from "@/client/components/ui/textarea";
import { useMessages } from "@/client/lib/messages";
import { STORAGE_TYPES } from "@/contract/food-safety";
import { localInput, type MealFormValues } from "../../meal-form-schema";

export function FoodDetailsFields({ form }: { form: UseFormReturn<MealFormValues> }) {
  const { t } = useTranslation("app");
  const say = useMessages();
  const { register, formState } = form;
  const errors = formState.errors;
  const field = (name: keyof MealFormValues) => fieldAria(name, errors[name]?.message);
  const now = new Date();
  return (
    <fieldset className="flex flex-col gap-4 rounded-lg border p-4">
      <legend className="px-1 text-sm font-medium">{t("Food details")}</legend>
      <div className="flex flex-col gap-2">
        <Label htmlFor="preparedAt">{t("Prepared at")}</Label>
        <Input
          {...field("preparedAt")}
          {...register("preparedAt")}
          type="datetime-local"
          max={localInput(now)}
        />
        <FieldError id="preparedAt" message={errors.preparedAt?.message} />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="storage">{t("Storage")}</Label>
        <select
          {...field("storage")}
          {...register("storage")}
          className="h-10 rounded-md border border-input bg-background px-3 text-sm"
        >
          <option value="">{t("Choose how it is kept")}</option>
          {STORAGE_TYPES.map((type) => (
            <option key={type.code} value={type.code}>
              {say(type.name)}
            </option>
          ))}
        </select>
        <FieldError id="storage" message={errors.storage?.message} />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="reheating">{t("Reheating instructions (optional)")}</Label>
        <Textarea
          {...field("reheating")}
          {...register("reheating")}
          rows={2}
          placeholder={t("e.g. Microwave for 3 minutes until steaming hot")}
        />
        <FieldError id="reheating" message={errors.reheating?.message} />
      </div>
    </fieldset>
  );
}

/**
 * The meal form's pickup: the place (free text, and the cook's approximate position, coarsened to
 * about 100 m by the server), the pickup window, and whether delivery is offered.
 */
import { LocateFixed } from "lucide-react";
import { useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormField } from "@/client/components/form-field";
import { Button } from "@/client/components/ui/button";
import { Checkbox } from "@/client/components/ui/checkbox";
import { FieldError, fieldAria } from "@/client/components/ui/field-error";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { requestViewerPosition } from "@/client/lib/geo";
import type { MealFormValues } from "../../meal-form-schema";

export function PickupFields({ form }: { form: UseFormReturn<MealFormValues> }) {
  const { t } = useTranslation("app");
  const { register, watch, setValue, formState } = form;
  const errors = formState.errors;
  const field = (name: keyof MealFormValues) => fieldAria(name, errors[name]?.message);
  const latitude = watch("latitude");
  const [locationNote, setLocationNote] = useState<string | null>(null);
  const addMyLocation = () =>
    requestViewerPosition().then(
      (position) => {
        setValue("latitude", position.latitude);
        setValue("longitude", position.longitude);
        setLocationNote(t("Approximate location added (about 100 m)."));
      },
      (error: Error) => setLocationNote(error.message),
    );
  return (
    <>
      <div className="flex flex-col gap-2">
        <Label htmlFor="pickupLocation">{t("Pickup location")}</Label>
        <Input
          {...field("pickupLocation")}
          {...register("pickupLocation")}
          placeholder={t("e.g. 12 Elm Street, front porch")}
        />
        <FieldError id="pickupLocation" message={errors.pickupLocation?.message} />
        <div className="flex flex-wrap items-center gap-2">
          <Button type="button" variant="outline" size="sm" onClick={addMyLocation}>
            <LocateFixed aria-hidden="true" />{" "}
            {latitude != null ? t("Update my location") : t("Use my location")}
          </Button>
          <span className="text-xs text-muted-foreground" aria-live="polite">
            {locationNote ?? t("Optional: lets neighbours see how far away the meal is.")}
          </span>
        </div>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          id="pickupWindowStart"
          label={t("Pickup start")}
          error={errors.pickupWindowStart?.message}
          className="gap-2"
        >
          <Input {...field("pickupWindowStart")} {...register("pickupWindowStart")} type="datetime-local" />
        </FormField>
        <FormField
          id="pickupWindowEnd"
          label={t("Pickup end")}
          error={errors.pickupWindowEnd?.message}
          className="gap-2"
        >
          <Input {...field("pickupWindowEnd")} {...register("pickupWindowEnd")} type="datetime-local" />
        </FormField>
      </div>
      <div className="flex items-center gap-2">
        <Checkbox
          id="deliveryAvailable"
          checked={watch("deliveryAvailable")}
          onCheckedChange={(checked) => setValue("deliveryAvailable", checked === true)}
        />
        <Label htmlFor="deliveryAvailable">{t("Delivery available")}</Label>
      </div>
    </>
  );
}

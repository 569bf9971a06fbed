/**
 * The meal form's pickup (docs/features/neighbourhood.md point 3): the pickup point on a map — the
 * cook's home area to start with, moved by searching a place, dragging the pin or this device's
 * position, and rounded to about 100 m before it is sent; neighbours are shown a point a few hundred
 * metres away, never this one (docs/DESIGN.md §6c). Then the public pickup location (a street or a
 * landmark), the private pickup details (door, floor, bell) only accepted eaters read, the pickup
 * window, and whether delivery is offered.
 */
import { LocateFixed } from "lucide-react";
import { Suspense, useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormField } from "@/client/components/form-field";
import { Spinner } from "@/client/components/layout/spinner";
import { Button } from "@/client/components/ui/button";
import { Checkbox } from "@/client/components/ui/checkbox";
import { FieldError, fieldAria } from "@/client/components/ui/field-error";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { PlaceSearch, PointPicker } from "@/client/features/places";
import { deployment } from "@/client/lib/deployment";
import { requestViewerPosition } from "@/client/lib/geo";
import type { Point } from "@/contract/places";
import type { MealFormValues } from "../../meal-form-schema";

/** The pickup point on a map, moved by a place search, the pin, or this device's position. */
function PickupPoint({ form }: { form: UseFormReturn<MealFormValues> }) {
  const { t } = useTranslation("app");
  const { watch, setValue, formState } = form;
  const errors = formState.errors;
  const latitude = watch("latitude");
  const longitude = watch("longitude");
  const point = latitude != null && longitude != null ? { latitude, longitude } : null;
  const [locationNote, setLocationNote] = useState<string | null>(null);
  const setPoint = (next: Point) => {
    setValue("latitude", next.latitude, { shouldValidate: formState.isSubmitted });
    setValue("longitude", next.longitude, { shouldValidate: formState.isSubmitted });
  };
  const addMyLocation = () =>
    requestViewerPosition().then(
      (position) => {
        setPoint(position);
        setLocationNote(t("Approximate location added (about 100 m)."));
      },
      (error: Error) => setLocationNote(error.message),
    );
  return (
    <fieldset className="flex flex-col gap-3" aria-describedby="pickup-point-help">
      <legend className="mb-1 text-sm font-medium">{t("Pickup point")}</legend>
      <p id="pickup-point-help" className="text-xs text-muted-foreground">
        {t(
          "Neighbours see only an area of about 350 m around this point, never the point itself. The exact point and your pickup details go only to neighbours you accept.",
        )}
      </p>
      {deployment().placeSearch && <PlaceSearch onChoose={setPoint} />}
      <div className="flex flex-wrap items-center gap-2">
        <Button type="button" variant="outline" size="sm" onClick={addMyLocation}>
          <LocateFixed aria-hidden="true" /> {point ? t("Update my location") : t("Use my location")}
        </Button>
        <span className="text-xs text-muted-foreground" aria-live="polite">
          {locationNote}
        </span>
      </div>
      <Suspense fallback={<Spinner className="h-64" label={t("Loading the map")} />}>
        <PointPicker
          value={point}
          onChange={setPoint}
          label={t("Map to choose the pickup point")}
          pinLabel={t("Pickup point: move it with the arrow keys")}
        />
      </Suspense>
      <FieldError id="latitude" message={errors.latitude?.message} />
      {!point && <NoPickupPoint />}
    </fieldset>
  );
}

/**
 * What a meal without a pickup point costs, said: a typed address is enough to post
 * (docs/decisions/018), but neighbours do not find the meal nearby.
 */
function NoPickupPoint() {
  const { t } = useTranslation("app");
  return (
    <p className="text-sm text-muted-foreground" data-testid="no-pickup-point">
      {deployment().placeSearch
        ? t(
            "No pickup point yet: search for your street above, tap the map or use your location. Without one, neighbours find this meal by searching and in the full list, not nearby.",
          )
        : t(
            "No pickup point yet: tap the map or use your location. Without one, neighbours find this meal by searching and in the full list, not nearby; the pickup location you type below is what they read.",
          )}
    </p>
  );
}

/** The pickup window: its start and end, as local date-times. */
function PickupWindowFields({ form }: { form: UseFormReturn<MealFormValues> }) {
  const { t } = useTranslation("app");
  const { register, formState } = form;
  const errors = formState.errors;
  const field = (name: keyof MealFormValues) => fieldAria(name, errors[name]?.message);
  return (
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
  );
}

/** The meal form's pickup: point, public location, private details, window and delivery. */
export function PickupFields({ form }: { form: UseFormReturn<MealFormValues> }) {
  const { t } = useTranslation("app");
  const { register, watch, setValue, formState } = form;
  const errors = formState.errors;
  return (
    <>
      <PickupPoint form={form} />
      <div className="flex flex-col gap-2">
        <Label htmlFor="pickupLocation">{t("Pickup location")}</Label>
        <Input
          {...fieldAria("pickupLocation", errors.pickupLocation?.message, "pickupLocation-help")}
          {...register("pickupLocation")}
          placeholder={t("e.g. Elm Street, by the library")}
        />
        <p id="pickupLocation-help" className="text-xs text-muted-foreground">
          {t("Everyone can read this: a street or a landmark, not your door.")}
        </p>
        <FieldError id="pickupLocation" message={errors.pickupLocation?.message} />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="pickupDetails">{t("Pickup details (private)")}</Label>
        <Input
          {...fieldAria("pickupDetails", errors.pickupDetails?.message, "pickupDetails-help")}
          {...register("pickupDetails")}
          placeholder={t("e.g. No. 12, 3rd floor, ring Martin")}
        />
        <p id="pickupDetails-help" className="text-xs text-muted-foreground">
          {t("Door, floor, bell: only neighbours you accept see them, in their thread.")}
        </p>
        <FieldError id="pickupDetails" message={errors.pickupDetails?.message} />
      </div>
      <PickupWindowFields form={form} />
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

/**
 * Setting the home area (docs/features/neighbourhood.md point 1): search a place or an address (when
 * the deployment has a geocoder), drop or drag the pin, or take this device's position; then the
 * radius. The point is rounded to about 100 m before it is sent, and the place is remembered by the
 * name the search found for it ("Rue Oberkampf, Paris"), a house address only by its district and
 * town (docs/DESIGN.md §6c; docs/features/everyday-journey.md).
 */
import { LocateFixed } from "lucide-react";
import { Suspense, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Spinner } from "@/client/components/layout/spinner";
import { Button } from "@/client/components/ui/button";
import { Label } from "@/client/components/ui/label";
import { PlaceSearch, PointPicker } from "@/client/features/places";
import { deployment } from "@/client/lib/deployment";
import { requestViewerPosition } from "@/client/lib/geo";
import type { HomeArea, Point } from "@/contract/places";
import { HOME_RADIUS_CHOICES_KM, HOME_RADIUS_DEFAULT_KM, roundCoordinate } from "@/contract/plain/places";
import { useSetHomeArea } from "../api/home-area";

/** How far around the home area the member looks, in km. */
function RadiusSelect({ value, onChange }: { value: number; onChange: (km: number) => void }) {
  const { t } = useTranslation("app");
  const radiusId = useId();
  return (
    <div className="flex items-center gap-2 text-sm">
      <Label htmlFor={radiusId}>{t("Radius")}</Label>
      <select
        id={radiusId}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
        className="h-9 rounded-md border border-input bg-background px-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {HOME_RADIUS_CHOICES_KM.map((km) => (
          <option key={km} value={km}>
            {t("{{km}} km", { km })}
          </option>
        ))}
      </select>
    </div>
  );
}

export function HomeAreaEditor({
  current,
  onSaved,
  onCancel,
}: {
  current: HomeArea | null;
  onSaved?: () => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation("app");
  const [point, setPoint] = useState<Point | null>(
    current ? { latitude: current.latitude, longitude: current.longitude } : null,
  );
  const [label, setLabel] = useState<string | null>(current?.label ?? null);
  const [radiusKm, setRadiusKm] = useState<number>(current?.radiusKm ?? HOME_RADIUS_DEFAULT_KM);
  const [note, setNote] = useState<string | null>(null);
  const save = useSetHomeArea();

  const takeDevicePosition = () =>
    requestViewerPosition().then(
      (position) => {
        setPoint({
          latitude: roundCoordinate(position.latitude),
          longitude: roundCoordinate(position.longitude),
        });
        setLabel(null);
        setNote(t("Your home area is at this device's position, to about 100 m."));
      },
      (error: Error) => setNote(error.message),
    );

  const submit = () => {
    if (!point) return;
    save.mutate(
      { ...point, radiusKm: radiusKm as (typeof HOME_RADIUS_CHOICES_KM)[number], label },
      { onSuccess: () => onSaved?.() },
    );
  };

  return (
    <div className="flex flex-col gap-4">
      {deployment().placeSearch && (
        <PlaceSearch
          onChoose={(place) => {
            setPoint({ latitude: place.latitude, longitude: place.longitude });
            setLabel(place.area);
            setNote(t("Home area set to {{place}}.", { place: place.area ?? place.label }));
          }}
        />
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button type="button" variant="outline" size="sm" onClick={takeDevicePosition}>
          <LocateFixed aria-hidden="true" /> {t("Use this device's location")}
        </Button>
        <span className="text-xs text-muted-foreground" aria-live="polite">
          {note}
        </span>
      </div>
      <Suspense fallback={<Spinner className="h-64" label={t("Loading the map")} />}>
        <PointPicker
          value={point}
          onChange={(next) => {
            setPoint(next);
            setLabel(null);
          }}
          label={t("Map to choose your home area")}
          pinLabel={t("Your home area: move it with the arrow keys")}
          radiusMetres={radiusKm * 1000}
        />
      </Suspense>
      <RadiusSelect value={radiusKm} onChange={setRadiusKm} />
      <p className="text-sm text-muted-foreground">
        {t(
          "Only you see your home area. It is kept to about 100 m, and it decides which meals you see first.",
        )}
      </p>
      {/* Save stays in sight on a phone while the rest scrolls (docs/features/everyday-journey.md). */}
      <div className="sticky bottom-0 -mx-4 -mb-4 flex justify-end gap-2 border-t bg-background px-4 py-3 sm:-mx-6 sm:-mb-6 sm:px-6">
        {onCancel && (
          <Button type="button" variant="outline" onClick={onCancel}>
            {t("Cancel")}
          </Button>
        )}
        <Button type="button" onClick={submit} disabled={!point || save.isPending}>
          {save.isPending ? t("Saving...") : t("Save home area")}
        </Button>
      </div>
    </div>
  );
}

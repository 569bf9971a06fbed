/**
 * A thread's pickup details (spec §4): where and when — with the exact point and the door, floor or
 * bell, which only the feeder and their accepted eater read (docs/features/neighbourhood.md) —
 * Directions, Add to calendar.
 */
import { CalendarPlus, Clock, DoorOpen, MapPin, Navigation } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent } from "@/client/components/ui/card";
import { useFormat } from "@/client/lib/format";
import type { MealRequestDetail } from "@/contract/requests";

/** spec §4: pickup details with Call and Directions once the request is accepted. */
export function PickupDetails({ request }: { request: MealRequestDetail }) {
  const { t } = useTranslation("app");
  const f = useFormat();
  const noPhoneId = useId();
  const exact = request.meal.privatePickup?.point;
  const directions = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(
    exact ? `${exact.latitude},${exact.longitude}` : request.meal.pickupLocation,
  )}`;
  const details = request.meal.privatePickup?.details;
  return (
    <Card data-testid="pickup-details">
      <CardContent className="flex flex-col gap-3 p-4">
        <h2 className="text-lg font-semibold">{t("Pickup details")}</h2>
        <p className="inline-flex items-center gap-2 text-sm">
          <MapPin className="h-4 w-4 shrink-0" aria-hidden="true" /> {request.meal.pickupLocation}
        </p>
        {details && (
          <p className="inline-flex items-center gap-2 text-sm" data-testid="pickup-private-details">
            <DoorOpen className="h-4 w-4 shrink-0" aria-hidden="true" /> {details}
          </p>
        )}
        <p className="inline-flex items-center gap-2 text-sm">
          <Clock className="h-4 w-4 shrink-0" aria-hidden="true" /> {f.day(request.meal.pickupWindowStart)},{" "}
          {f.window(request.meal.pickupWindowStart, request.meal.pickupWindowEnd)}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <a href={directions} target="_blank" rel="noopener noreferrer">
              <Navigation className="h-4 w-4" aria-hidden="true" /> {t("Directions")}
            </a>
          </Button>
          <Button asChild variant="outline">
            <a href={`/api/requests/${request.id}/calendar.ics`} download="mealshare-pickup.ics">
              <CalendarPlus className="h-4 w-4" aria-hidden="true" /> {t("Add to calendar")}
            </a>
          </Button>
        </div>
        <p id={noPhoneId} className="text-xs text-muted-foreground">
          {t("Phone numbers are not shared on MealShare; arrange the details in the messages below.")}
        </p>
      </CardContent>
    </Card>
  );
}

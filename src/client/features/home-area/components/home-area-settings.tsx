/**
 * Settings → Home area (docs/features/neighbourhood.md point 1): where it is (by the place's name, or
 * "set on the map"), its radius on a small map, Change, and Clear — which also deletes the alerts
 * drawn around it, so the member is asked first.
 */
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Spinner } from "@/client/components/layout/spinner";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/client/components/ui/alert-dialog";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent } from "@/client/components/ui/card";
import { useCurrentUser } from "@/client/features/auth";
import { AreaMap } from "@/client/features/places";
import { useClearHomeArea } from "../api/home-area";
import { HomeAreaDialog } from "./home-area-dialog";

export function HomeAreaSettings() {
  const { t } = useTranslation("app");
  const { user } = useCurrentUser();
  const clear = useClearHomeArea();
  if (!user) return null;
  const area = user.homeArea;

  return (
    <Card>
      <CardContent className="flex flex-col gap-3 p-4">
        <h2 className="font-semibold">{t("Home area")}</h2>
        {area ? (
          <>
            <p className="text-sm">
              {t("{{place}}, within {{km}} km", {
                place: area.label ?? t("Set on the map"),
                km: area.radiusKm,
              })}
            </p>
            <Suspense fallback={<Spinner className="h-48" label={t("Loading the map")} />}>
              <AreaMap
                center={area}
                radiusMetres={area.radiusKm * 1000}
                label={t("Map of your home area")}
                className="h-48"
              />
            </Suspense>
          </>
        ) : (
          <p className="text-sm text-muted-foreground">
            {t("No home area yet: lists show meals from everywhere, newest first.")}
          </p>
        )}
        <p className="text-xs text-muted-foreground">{t("Only you see your home area.")}</p>
        <div className="flex flex-wrap gap-2">
          <HomeAreaDialog
            current={area}
            trigger={<Button size="sm">{area ? t("Change home area") : t("Set home area")}</Button>}
          />
          {area && (
            <AlertDialog>
              <AlertDialogTrigger asChild>
                <Button size="sm" variant="outline" disabled={clear.isPending}>
                  {t("Clear home area")}
                </Button>
              </AlertDialogTrigger>
              <AlertDialogContent>
                <AlertDialogHeader>
                  <AlertDialogTitle>{t("Clear your home area?")}</AlertDialogTitle>
                  <AlertDialogDescription>
                    {t(
                      "Lists will show meals from everywhere again, and your alerts, which are drawn around your home area, are deleted.",
                    )}
                  </AlertDialogDescription>
                </AlertDialogHeader>
                <AlertDialogFooter>
                  <AlertDialogCancel>{t("Cancel")}</AlertDialogCancel>
                  <AlertDialogAction onClick={() => clear.mutate(undefined)}>
                    {t("Clear home area")}
                  </AlertDialogAction>
                </AlertDialogFooter>
              </AlertDialogContent>
            </AlertDialog>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

/**
 * The pickup pass (docs/features/handover.md point 4): the eater's code in large digits and as a QR
 * code, the meal, the window and where exactly — all on one screen that opens with no connection. It
 * says when it was last updated, and that it is offline when it is.
 */
import { MapPin, WifiOff } from "lucide-react";
import { useTranslation } from "react-i18next";
import { QrCode } from "@/client/components/qr-code";
import { Card, CardContent } from "@/client/components/ui/card";
import { useDisplayName } from "@/client/lib/display-name";
import { useFormat } from "@/client/lib/format";
import { useOnline } from "@/client/lib/online";
import { pickupCodeUrl } from "@/contract/plain/requests";
import type { PickupPass } from "@/contract/requests";

export function PickupPassCard({ pass }: { pass: PickupPass }) {
  const { t } = useTranslation("app");
  const f = useFormat();
  const displayName = useDisplayName();
  const online = useOnline();
  const point = pass.meal.privatePickup?.point;
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-4 p-6 text-center">
        {!online && (
          <p className="inline-flex items-center gap-2 rounded-md border px-3 py-1 text-sm" role="status">
            <WifiOff className="h-4 w-4" aria-hidden="true" />{" "}
            {t("You are offline: this is the pass kept on this phone.")}
          </p>
        )}
        <h1 className="text-2xl font-bold">{pass.meal.title}</h1>
        <p className="text-muted-foreground">
          {t("{{count}} portions from {{name}}", { count: pass.portions, name: displayName(pass.cook) })}
        </p>
        <div>
          <p className="text-sm text-muted-foreground">{t("Your pickup code")}</p>
          <p className="font-mono text-6xl font-bold tracking-[0.3em]" data-testid="pass-code">
            {pass.code}
          </p>
        </div>
        <QrCode
          url={pickupCodeUrl(pass.requestId, pass.code)}
          alt={t("QR code of your pickup code")}
          className="h-48 w-48 rounded border bg-white p-2"
        />
        <p className="font-medium">
          {f.dateTime(pass.meal.pickupWindowStart)} – {f.time(pass.meal.pickupWindowEnd)}
        </p>
        <div className="flex flex-col gap-1">
          <p>{pass.meal.pickupLocation}</p>
          {pass.meal.privatePickup?.details && (
            <p className="font-medium">{pass.meal.privatePickup.details}</p>
          )}
          {point && (
            // A geo: link opens the phone's own map app, which may have the area offline.
            <a
              className="inline-flex items-center justify-center gap-1 text-sm underline"
              href={`geo:${point.latitude},${point.longitude}`}
            >
              <MapPin className="h-4 w-4" aria-hidden="true" /> {t("Open in your map app")}
            </a>
          )}
        </div>
        <p className="text-xs text-muted-foreground" data-testid="pass-updated">
          {t("Last updated {{when}}", { when: f.dateTime(pass.issuedAt) })}
        </p>
      </CardContent>
    </Card>
  );
}

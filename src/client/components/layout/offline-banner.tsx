/**
 * The banner shown while the device is offline (docs/features/notifications.md point 1): the app still
 * opens from the service worker's cache, and this says why nothing new loads.
 */
import { WifiOff } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useOnline } from "@/client/lib/online";

export function OfflineBanner() {
  const { t } = useTranslation("common");
  const online = useOnline();
  if (online) return null;
  return (
    <div
      role="status"
      className="sticky top-0 z-[60] flex items-center justify-center gap-2 bg-stone-900 px-4 py-2 text-center text-sm text-white"
    >
      <WifiOff className="h-4 w-4 shrink-0" aria-hidden="true" />
      <span>
        <strong>{t("You are offline.")}</strong>{" "}
        {t("Meals and messages load again when you are back online.")}
      </span>
    </div>
  );
}

/**
 * The prompt on the lists for a member without a home area (docs/features/neighbourhood.md point 1):
 * a card above the list, never a modal, that sets one or goes away ("Not now", remembered on this
 * device for this member).
 */
import { MapPin } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/client/components/ui/button";
import { useCurrentUser } from "@/client/features/auth";
import { HomeAreaDialog } from "./home-area-dialog";

const dismissedKey = (userId: string) => `mealshare:home-area-prompt-dismissed:${userId}`;

function wasDismissed(userId: string): boolean {
  try {
    return localStorage.getItem(dismissedKey(userId)) === "1";
  } catch {
    return false;
  }
}

export function HomeAreaPrompt() {
  const { t } = useTranslation("app");
  const { user } = useCurrentUser();
  const [dismissed, setDismissed] = useState(() => (user ? wasDismissed(user.id) : true));
  if (!user || user.homeArea || dismissed) return null;

  const dismiss = () => {
    try {
      localStorage.setItem(dismissedKey(user.id), "1");
    } catch {
      // Storage unavailable: it stays away for this visit.
    }
    setDismissed(true);
  };

  return (
    <section
      aria-labelledby="home-area-prompt"
      className="flex flex-col gap-3 rounded-xl border border-primary/30 bg-primary/5 p-4 sm:flex-row sm:items-center"
    >
      <MapPin className="hidden h-6 w-6 shrink-0 text-primary sm:block" aria-hidden="true" />
      <div className="flex-1">
        <h2 id="home-area-prompt" className="font-semibold">
          {t("See the meals near you first")}
        </h2>
        <p className="text-sm text-muted-foreground">
          {t("Set your home area once: lists then show what is shared around it. Only you see it.")}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <HomeAreaDialog current={null} trigger={<Button size="sm">{t("Set home area")}</Button>} />
        <Button size="sm" variant="outline" onClick={dismiss}>
          {t("Not now")}
        </Button>
      </div>
    </section>
  );
}

/**
 * The "Turn on notifications" prompt (docs/features/notifications.md point 2): a card at the top of the
 * page content, shown after the first request or meal (push-offer.ts) while this browser has not been
 * asked yet. It sits in the page's flow: a floating card covered the page's next step ("View request").
 */
import { BellRing, X } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/client/components/ui/button";
import { toast } from "@/client/components/ui/use-toast";
import { useCurrentUser } from "@/client/features/auth";
import { turnOnPush, usePushState } from "../push-client";
import { dismissPushOffer, usePushOffer } from "../push-offer";

/** Turning push on for this device from the prompt: `busy` while the browser asks, a toast either way. */
function useTurnOn(userId: string | undefined) {
  const { t } = useTranslation("app");
  const [busy, setBusy] = useState(false);
  const turnOn = async () => {
    if (!userId) return;
    setBusy(true);
    try {
      const next = await turnOnPush(userId);
      if (next === "on") toast({ title: t("Notifications are on for this device.") });
      dismissPushOffer();
    } catch {
      toast({
        title: t("Notifications could not be turned on"),
        description: t("Please try again from Settings → Notifications."),
        variant: "destructive",
      });
    } finally {
      setBusy(false);
    }
  };
  return { busy, turnOn };
}

/** The prompt, while push is offered to this browser and it has not answered yet; else nothing. */
export function PushPrompt() {
  const { t } = useTranslation("app");
  const { user } = useCurrentUser();
  const offered = usePushOffer();
  const pushState = usePushState();
  const { busy, turnOn } = useTurnOn(user?.id);
  const titleId = useId();
  // The permission last: reading it is a synchronous ask of the browser (~3 ms on a phone's first
  // render), and the offer is not made on most renders.
  const undecided = () => typeof Notification !== "undefined" && Notification.permission === "default";
  if (!user || !offered || pushState !== "off" || !undecided()) return null;

  return (
    <section
      aria-labelledby={titleId}
      className="mb-6 flex gap-3 rounded-xl border border-primary/30 bg-primary/5 p-4"
    >
      <BellRing className="mt-0.5 h-5 w-5 shrink-0 text-primary" aria-hidden="true" />
      <div className="flex flex-1 flex-col gap-2">
        <h2 id={titleId} className="font-semibold">
          {t("Turn on notifications")}
        </h2>
        <p className="text-sm text-muted-foreground">
          {t(
            "Hear when the cook answers, a message arrives or a pickup is near, even with MealShare closed.",
          )}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button type="button" size="sm" onClick={turnOn} disabled={busy}>
            {t("Turn on notifications")}
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={dismissPushOffer}>
            {t("Not now")}
          </Button>
        </div>
      </div>
      <Button
        type="button"
        size="icon"
        variant="ghost"
        className="h-8 w-8 shrink-0"
        aria-label={t("Close")}
        onClick={dismissPushOffer}
      >
        <X aria-hidden="true" />
      </Button>
    </section>
  );
}

/**
 * Settings → Notifications (docs/features/notifications.md point 4): per category, in the app (always),
 * by push and by email; and whether this device receives push at all.
 */
import type { TFunction } from "i18next";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { QueryError } from "@/client/components/layout/query-error";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent } from "@/client/components/ui/card";
import { Checkbox } from "@/client/components/ui/checkbox";
import { toast } from "@/client/components/ui/use-toast";
import { useMessages } from "@/client/lib/messages";
import type { NotificationPreferences } from "@/contract/notifications";
import { CATEGORY_LABELS, DELIVERY_CATEGORIES, type EmailCategory } from "@/contract/plain/notifications";
import { useNotificationPreferences, useUpdateNotificationPreferences } from "../api/preferences";
import { turnOffPush, turnOnPush, usePushState } from "../push-client";

/** What each category covers, in the current language. */
const categoryHints = (t: TFunction<"app">): Record<EmailCategory, string> => ({
  requests: t("New requests for your meals; yours accepted, declined or cancelled"),
  messages: t("New messages in your threads (at most one email an hour per thread)"),
  reviews: t("Reviews you receive"),
  reminders: t("Pickups starting in an hour or ending soon"),
  alerts: t("New meals matching your alerts (at most one an hour per alert)"),
  newsletter: t("News from your MealShare neighbourhood (email only)"),
});

export function NotificationSettings({ userId }: { userId: string }) {
  const { t } = useTranslation("app");
  const preferences = useNotificationPreferences();
  const update = useUpdateNotificationPreferences({
    errorMessage: t("Failed to update notification settings. Please try again."),
    serverMessage: true,
  });
  const headingId = useId();

  const change = (category: EmailCategory, channel: "push" | "email", on: boolean) =>
    update.mutate({ [category]: { [channel]: on } });

  return (
    <Card>
      <CardContent className="flex flex-col gap-4 p-4">
        <div>
          <h2 id={headingId} className="font-semibold">
            {t("Notifications")}
          </h2>
          <p className="text-sm text-muted-foreground">
            {t(
              "Everything shows in the app. Choose what also reaches you by push on your devices and by email.",
            )}
          </p>
        </div>
        <DevicePush userId={userId} />
        {preferences.isError && (
          <QueryError
            title={t("Could not load your notification settings")}
            error={preferences.error}
            onRetry={() => preferences.refetch()}
            retrying={preferences.isRefetching}
            compact
          />
        )}
        {preferences.data && (
          <PreferencesTable preferences={preferences.data} labelledBy={headingId} onChange={change} />
        )}
      </CardContent>
    </Card>
  );
}

function PreferencesTable({
  preferences,
  labelledBy,
  onChange,
}: {
  preferences: NotificationPreferences;
  labelledBy: string;
  onChange: (category: EmailCategory, channel: "push" | "email", on: boolean) => void;
}) {
  const { t } = useTranslation("app");
  const say = useMessages();
  const hints = categoryHints(t);
  const rows: EmailCategory[] = [...DELIVERY_CATEGORIES, "newsletter"];
  return (
    <div className="overflow-x-auto">
      <table aria-labelledby={labelledBy} className="w-full text-sm">
        <thead>
          <tr className="border-b text-start">
            <th scope="col" className="py-2 pe-2 font-medium">
              {t("Category")}
            </th>
            <th scope="col" className="w-16 px-1 py-2 text-center font-medium">
              {t("In the app")}
            </th>
            <th scope="col" className="w-14 whitespace-nowrap px-1 py-2 text-center font-medium">
              {t("Push")}
            </th>
            <th scope="col" className="w-14 whitespace-nowrap px-1 py-2 text-center font-medium">
              {t("Email")}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((category) => {
            const label = say(CATEGORY_LABELS[category]);
            const channels = preferences[category];
            return (
              <tr key={category} className="border-b last:border-0">
                <th scope="row" className="py-2 pe-2 text-start font-normal">
                  {/* Whole words: the column widens to the longest ("Abholerinnerungen"). */}
                  <span className="break-words font-medium">{label}</span>
                  <span className="block text-xs text-muted-foreground">{hints[category]}</span>
                </th>
                <td className="px-1 py-2 text-center">
                  {category === "newsletter" ? (
                    <NotSent />
                  ) : (
                    <Checkbox
                      checked
                      disabled
                      aria-label={t("{{category}} in the app (always on)", { category: label })}
                    />
                  )}
                </td>
                <td className="px-1 py-2 text-center">
                  {"push" in channels ? (
                    <Checkbox
                      checked={channels.push}
                      aria-label={t("{{category}} by push", { category: label })}
                      onCheckedChange={(on) => onChange(category, "push", on === true)}
                    />
                  ) : (
                    <NotSent />
                  )}
                </td>
                <td className="px-1 py-2 text-center">
                  <Checkbox
                    checked={channels.email}
                    aria-label={t("{{category}} by email", { category: label })}
                    onCheckedChange={(on) => onChange(category, "email", on === true)}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** A channel a category never uses (the newsletter is email only). */
function NotSent() {
  const { t } = useTranslation("app");
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">{t("Not sent")}</span>
    </>
  );
}

/** Push on this device: on, off (with a button), blocked in the browser, or not possible here. */
function DevicePush({ userId }: { userId: string }) {
  const { t } = useTranslation("app");
  const state = usePushState();
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<unknown>, failure: string) => {
    setBusy(true);
    try {
      await action();
    } catch {
      toast({ title: failure, description: t("Please try again."), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  };
  const text: Record<typeof state, string> = {
    on: t("Push notifications are on for this device."),
    off: t("Push notifications are off for this device."),
    blocked: t(
      "Notifications are blocked for MealShare in this browser's settings; allow them there to turn push on.",
    ),
    unsupported: t("This browser cannot receive push notifications. Email still works."),
  };
  return (
    <div className="flex flex-col items-start gap-2 rounded-lg bg-muted/50 p-3 text-sm sm:flex-row sm:items-center sm:gap-3">
      <p className="sm:flex-1" data-testid="device-push">
        {text[state]}
      </p>
      {state === "off" && (
        <Button
          type="button"
          size="sm"
          disabled={busy}
          // Wraps on a phone: some languages say this at length.
          className="h-auto min-h-9 whitespace-normal py-1.5 text-start"
          onClick={() => run(() => turnOnPush(userId), t("Notifications could not be turned on"))}
        >
          {t("Turn on push on this device")}
        </Button>
      )}
      {state === "on" && (
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={busy}
          // Wraps on a phone: some languages say this at length.
          className="h-auto min-h-9 whitespace-normal py-1.5 text-start"
          onClick={() => run(turnOffPush, t("Notifications could not be turned off"))}
        >
          {t("Turn off push on this device")}
        </Button>
      )}
    </div>
  );
}

/**
 * Settings (docs/features/everyday-journey.md: "Settings" is a place): the member's
 * profile details, home area, alerts, language, notifications, calendar, what they hid and blocked,
 * their sign-in, email delivery, data and leaving — one page at /settings, in the menus at every
 * width. Profile's Settings tab and emails' old `/settings` links come here.
 */
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { LanguageSelect } from "@/client/components/layout/language-select";
import { RegionSelect } from "@/client/components/layout/region-select";
import { Card, CardContent } from "@/client/components/ui/card";
import { AccountSettings, DataExportSettings, DeleteAccountSettings } from "@/client/features/account";
import { AlertList } from "@/client/features/alerts";
import { useCurrentUser } from "@/client/features/auth";
import { CalendarFeedSettings } from "@/client/features/calendar";
import { HomeAreaSettings } from "@/client/features/home-area";
import { HiddenFromLists } from "@/client/features/meals";
import { EmailDeliveryNote, NotificationSettings } from "@/client/features/notifications";
import { BlockedUsers, ProfileSettingsForm } from "@/client/features/users";
import { deployment } from "@/client/lib/deployment";

/** Card payments' settings (docs/decisions/022), loaded only where they are set up, for cooks. */
const CardPaymentsSettings = lazy(() =>
  import("@/client/features/payments").then((module) => ({ default: module.CardPaymentsSettings })),
);

export default function SettingsPage() {
  const { t } = useTranslation("app");
  const { user } = useCurrentUser();
  if (!user) return null;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("Settings")}</h1>
      <ProfileSettingsForm user={user} />
      <HomeAreaSettings />
      <AlertList />
      <Card>
        <CardContent className="flex flex-col gap-2 p-4">
          <h2 className="font-semibold">{t("Language")}</h2>
          <p className="text-sm text-muted-foreground">
            {t("MealShare and its emails speak the language you choose, on every device.")}
          </p>
          <LanguageSelect />
          <RegionSelect />
        </CardContent>
      </Card>
      <EmailDeliveryNote user={user} />
      <NotificationSettings userId={user.id} />
      <CalendarFeedSettings />
      {deployment().cardPayments && user.isCook && (
        <Suspense fallback={null}>
          <CardPaymentsSettings isCook={user.isCook} />
        </Suspense>
      )}
      <HiddenFromLists />
      <BlockedUsers />
      <AccountSettings user={user} />
      <DataExportSettings />
      <DeleteAccountSettings user={user} />
    </div>
  );
}

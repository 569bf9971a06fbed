/**
 * Profile (spec §2 "Profile"): photo, name, rating, join date, badges (Registered Cook; Trusted
 * Member), the eater/feeder toggle, and tabs My Meals and Settings.
 */
import { useTranslation } from "react-i18next";
import { useSearch } from "wouter";
import { LanguageSelect } from "@/client/components/layout/language-select";
import { RegionSelect } from "@/client/components/layout/region-select";
import { Card, CardContent } from "@/client/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/client/components/ui/tabs";
import { AccountSettings, DataExportSettings, DeleteAccountSettings } from "@/client/features/account";
import { AlertList } from "@/client/features/alerts";
import { useCurrentUser } from "@/client/features/auth";
import { CalendarFeedSettings } from "@/client/features/calendar";
import { HomeAreaSettings } from "@/client/features/home-area";
import { HiddenFromLists, MyMeals, useMyMeals } from "@/client/features/meals";
import { NotificationSettings } from "@/client/features/notifications";
import { BlockedUsers, ProfileHeader, ProfileSettingsForm } from "@/client/features/users";

export default function ProfilePage() {
  const { t } = useTranslation("app");
  const { user } = useCurrentUser();
  const tab = new URLSearchParams(useSearch()).get("tab");
  const myMeals = useMyMeals();
  if (!user) return null;

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-8">
      <ProfileHeader user={user} />
      {/* Emails link to /profile?tab=settings. */}
      <Tabs defaultValue={tab === "settings" ? "settings" : "meals"}>
        <TabsList>
          <TabsTrigger value="meals">
            {t("My Meals ({{number}})", {
              number: `${myMeals.meals.length}${myMeals.hasNextPage ? "+" : ""}`,
            })}
          </TabsTrigger>
          <TabsTrigger value="settings">{t("Settings")}</TabsTrigger>
        </TabsList>
        <TabsContent value="meals" className="flex flex-col gap-4">
          <MyMeals query={myMeals} />
        </TabsContent>
        <TabsContent value="settings" className="flex flex-col gap-4">
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
          <NotificationSettings userId={user.id} />
          <CalendarFeedSettings />
          <HiddenFromLists />
          <BlockedUsers />
          <AccountSettings user={user} />
          <DataExportSettings />
          <DeleteAccountSettings user={user} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

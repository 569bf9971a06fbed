/**
 * Profile (spec §2 "Profile"): photo, name, rating, join date, badges (Registered Cook; Trusted
 * Member), the eater/feeder toggle, and tabs My Meals and Settings — the latter the Settings page
 * (/settings), where it leads.
 */
import { useTranslation } from "react-i18next";
import { Redirect, useSearch } from "wouter";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/client/components/ui/tabs";
import { useCurrentUser } from "@/client/features/auth";
import { MyMeals, useMyMeals } from "@/client/features/meals";
import { ProfileHeader } from "@/client/features/users";

export default function ProfilePage() {
  const { t } = useTranslation("app");
  const { user } = useCurrentUser();
  const tab = new URLSearchParams(useSearch()).get("tab");
  const myMeals = useMyMeals();
  if (!user) return null;

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-8">
      <ProfileHeader user={user} />
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
        {/* Settings is a page of its own (/settings); its tab, and old links to it, go there. */}
        <TabsContent value="settings">
          <Redirect to="/settings" replace />
        </TabsContent>
      </Tabs>
    </div>
  );
}

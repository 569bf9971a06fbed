/** About (spec §2 "Static pages"): mission, four values, story, Join Our Community. */

import type { TFunction } from "i18next";
import { Heart, Leaf, ShieldCheck, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { StaticPage, StaticSection } from "@/client/components/layout/static-page";
import { Card, CardContent } from "@/client/components/ui/card";
import { JoinButton } from "@/client/features/auth";

const values = (t: TFunction<"info">) => [
  {
    icon: Users,
    title: t("Community First"),
    text: t(
      "Every exchange is between neighbours who may pass each other at the corner shop tomorrow. We build for that kind of trust, not for clicks.",
    ),
  },
  {
    icon: Leaf,
    title: t("Sustainability"),
    text: t(
      "A third of the food we buy is thrown away. A spare portion that feeds the family two doors down is the cheapest climate action there is.",
    ),
  },
  {
    icon: Heart,
    title: t("Inclusivity"),
    text: t(
      "Free meals sit next to paid ones on purpose: whether you are stretching a budget or cooking for a living, you belong here.",
    ),
  },
  {
    icon: ShieldCheck,
    title: t("Quality"),
    text: t(
      "Clear allergen lists, honest reviews and a simple way to report problems keep the standard high for everyone.",
    ),
  },
];

export default function AboutPage() {
  const { t } = useTranslation("info");
  return (
    <StaticPage>
      <header className="flex flex-col gap-3">
        <h1 className="text-4xl font-bold">{t("About MealShare")}</h1>
        <p className="text-lg text-muted-foreground">
          {t(
            "Our mission is simple: no good meal should go to waste while a neighbour goes without. MealShare connects people who cook too much with people who would love a home-cooked plate, and gives local cooks a fair way to sell what they make.",
          )}
        </p>
      </header>

      <StaticSection title={t("What we value")}>
        <ul className="grid gap-4 sm:grid-cols-2">
          {values(t).map(({ icon: Icon, title, text }) => (
            <li key={title}>
              <Card className="h-full">
                <CardContent className="flex flex-col gap-2 p-5">
                  <Icon className="h-6 w-6 text-primary" aria-hidden="true" />
                  <h3 className="font-semibold">{title}</h3>
                  <p className="text-sm text-muted-foreground">{text}</p>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      </StaticSection>

      <StaticSection title={t("Our story")}>
        <p>
          {t(
            "MealShare started on one street, with a group chat and a pot of soup that was far too big. Before long the chat was full of offers: half a lasagne, a tray of samosas, bread that would not last the weekend. People met neighbours they had nodded at for years. What the chat could not do was keep track of who had asked first, remind anyone about allergies, or let the retired chef down the road charge a fair price for her Sunday curry.",
          )}
        </p>
        <p>
          {t(
            "So we built the tool we wished we had: a place to post a meal in a minute, request it in one tap, agree a pickup in a private thread, and leave a review afterwards. It is run for the neighbourhood, by neighbours, and it stays small on purpose.",
          )}
        </p>
      </StaticSection>

      <div className="rounded-xl bg-green-50 p-6 text-center">
        <p className="mb-4 text-lg font-medium">
          {t("Got a spare portion, or room for one more at the table?")}
        </p>
        <JoinButton>{t("Join Our Community")}</JoinButton>
      </div>
    </StaticPage>
  );
}

/** How It Works (spec §2 "Static pages"): Community vs Marketplace, four steps, three differentiators. */

import type { TFunction } from "i18next";
import { BadgeCheck, Clock, MapPin } from "lucide-react";
import { useTranslation } from "react-i18next";
import { StaticPage, StaticSection } from "@/client/components/layout/static-page";
import { Badge } from "@/client/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/client/components/ui/card";
import { JoinButton } from "@/client/features/auth";
import { deployment } from "@/client/lib/deployment";

const steps = (t: TFunction<"info">) => [
  {
    title: t("Post or browse"),
    text: t(
      "Cooks post a meal with a photo, ingredients, allergens, portions and a pickup window. Eaters browse Community and Marketplace, or search for what they fancy (or must avoid).",
    ),
  },
  {
    title: t("Request"),
    text: t(
      "Open a meal, read the safety notice, and send a request with a short note. Each request is for one portion.",
    ),
  },
  {
    title: t("Chat and pick up"),
    text: t(
      "The cook accepts or declines. Once accepted, you both see the pickup details and settle the time in a private thread.",
    ),
  },
  {
    title: t("Review"),
    text: t(
      "After pickup either of you marks the exchange complete, and you both leave a short review. Ratings help the whole street decide who to trust.",
    ),
  },
];

const differentiators = (t: TFunction<"info">) => [
  {
    icon: BadgeCheck,
    title: t("Verified Profiles"),
    text: t(
      "Everyone signs in with a real account, and registered cooks carry a badge. Ratings come only from completed exchanges.",
    ),
  },
  {
    icon: MapPin,
    title: t("Hyperlocal Focus"),
    text: t("MealShare is for one neighbourhood at a time: pickups are a short walk, not a delivery zone."),
  },
  {
    icon: Clock,
    title: t("Flexible Timing"),
    text: t("Cooks set a pickup window that suits them; the thread is there for 'running ten minutes late'."),
  },
];

export default function HowItWorksPage() {
  const { t } = useTranslation("info");
  return (
    <StaticPage>
      <header className="flex flex-col gap-3">
        <h1 className="text-4xl font-bold">{t("How It Works")}</h1>
        <p className="text-lg text-muted-foreground">
          {t('Two ways to share, one simple flow from "I made too much" to "thank you, that was delicious".')}
        </p>
      </header>

      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              {t("Community")} <Badge className="bg-green-700">{t("FREE")}</Badge>
            </CardTitle>
          </CardHeader>
          <CardContent className="text-sm text-muted-foreground">
            {t(
              "Surplus meals shared for free: the extra portions of a family dinner, party leftovers, a batch bake. Nobody pays and nobody owes anything beyond a thank-you and an honest review.",
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              {t("Marketplace")} <Badge className="bg-amber-700">{t("PAID")}</Badge>
            </CardTitle>
          </CardHeader>
          <CardContent className="text-sm text-muted-foreground">
            {/* docs/decisions/022: where card payments are set up, Stripe holds a card payment until pickup. */}
            {deployment().cardPayments
              ? t(
                  "Home-cooked meals from local cooks at a price they set. Each meal says how it is paid: in cash at pickup, or by card in the app, held by Stripe until the meal changes hands.",
                )
              : t(
                  "Home-cooked meals from local cooks at a price they set. MealShare takes no cut and handles no money: you pay the cook directly at pickup, in cash or by the bank transfer or payment app you agree on in the thread.",
                )}
          </CardContent>
        </Card>
      </div>

      <StaticSection title={t("Four steps")}>
        <ol className="grid gap-4 sm:grid-cols-2">
          {steps(t).map((step, index) => (
            <li key={step.title} className="flex gap-3 rounded-xl border p-4">
              <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-primary font-bold text-primary-foreground">
                {index + 1}
              </span>
              <div>
                <h3 className="font-semibold">{step.title}</h3>
                <p className="text-sm text-muted-foreground">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </StaticSection>

      <StaticSection title={t("What makes MealShare different")}>
        <ul className="grid gap-4 md:grid-cols-3">
          {differentiators(t).map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-xl border p-4">
              <Icon className="mb-2 h-6 w-6 text-primary" aria-hidden="true" />
              <h3 className="font-semibold">{title}</h3>
              <p className="text-sm text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
      </StaticSection>

      <div className="text-center">
        <JoinButton>{t("Get Started Today")}</JoinButton>
      </div>
    </StaticPage>
  );
}

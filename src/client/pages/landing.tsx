/** The signed-out landing page (spec §2 "Landing page"). Every sign-in button goes to /api/login. */

import type { TFunction } from "i18next";
import { Heart, MessageCircle, Search, Star, Store, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { PublicHeader } from "@/client/components/layout/public-header";
import { SiteFooter } from "@/client/components/layout/site-footer";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/client/components/ui/card";
import { Input } from "@/client/components/ui/input";

/** spec §2 "How It Works": the three steps, in the current language. */
const steps = (t: TFunction<"common">) => [
  {
    icon: Search,
    title: t("Browse & Connect"),
    text: t("Find free surplus meals and home-cooked dishes from neighbours near you."),
  },
  {
    icon: MessageCircle,
    title: t("Request & Chat"),
    text: t("Send a request and settle the pickup with the cook in a private thread."),
  },
  {
    icon: Star,
    title: t("Enjoy & Review"),
    text: t("Pick up your meal, enjoy it, and rate the exchange to build trust."),
  },
];

export default function LandingPage() {
  const { t } = useTranslation("common");
  return (
    <div className="min-h-screen bg-gradient-to-b from-green-50 to-background">
      <PublicHeader />

      <main>
        <section className="mx-auto max-w-4xl px-4 py-12 text-center sm:py-20">
          <h1 className="text-4xl font-extrabold tracking-tight text-green-900 sm:text-6xl">
            {t("Share Food, Build Community")}
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground">
            {t(
              "Neighbours share surplus meals for free, and registered local cooks offer home-cooked food. Less waste, more good dinners, and people you get to know.",
            )}
          </p>
          <div className="mx-auto mt-8 max-w-xl">
            <label htmlFor="landing-search" className="sr-only">
              {t("Search meals (sign in to search)")}
            </label>
            <div className="relative">
              <Search
                className="absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground"
                aria-hidden="true"
              />
              <Input
                id="landing-search"
                disabled
                placeholder={t("Search meals, ingredients, allergens...")}
                className="h-12 bg-background pl-9"
              />
            </div>
            <p className="mt-2 text-sm text-muted-foreground">{t("Sign in to search meals near you.")}</p>
          </div>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Button asChild size="lg">
              <a href="/api/login">{t("Browse Meals")}</a>
            </Button>
            <Button asChild size="lg" variant="outline">
              <a href="/api/login">{t("Explore Marketplace")}</a>
            </Button>
          </div>
        </section>

        <section aria-labelledby="kinds" className="mx-auto grid max-w-5xl gap-6 px-4 pb-16 md:grid-cols-2">
          <h2 id="kinds" className="sr-only">
            {t("Two ways to share")}
          </h2>
          <Card>
            <CardHeader>
              <div className="flex items-center justify-between">
                <CardTitle className="flex items-center gap-2 text-xl">
                  <Heart className="h-5 w-5 text-green-700" aria-hidden="true" /> {t("Community")}
                </CardTitle>
                <Badge className="bg-green-700">{t("FREE")}</Badge>
              </div>
            </CardHeader>
            <CardContent className="space-y-4">
              <p className="text-muted-foreground">
                {t(
                  "Cooked too much? Share surplus meals with neighbours for free, so good food gets eaten instead of thrown away.",
                )}
              </p>
              <Button asChild variant="outline">
                <a href="/api/login">{t("Browse free meals")}</a>
              </Button>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <div className="flex items-center justify-between">
                <CardTitle className="flex items-center gap-2 text-xl">
                  <Store className="h-5 w-5 text-amber-700" aria-hidden="true" /> {t("Marketplace")}
                </CardTitle>
                <Badge className="bg-amber-700">{t("PAID")}</Badge>
              </div>
            </CardHeader>
            <CardContent className="space-y-4">
              <p className="text-muted-foreground">
                {t(
                  "Registered local cooks sell home-cooked meals at fair prices. Order from the people who live around the corner.",
                )}
              </p>
              <Button asChild variant="outline">
                <a href="/api/login">{t("Explore the marketplace")}</a>
              </Button>
            </CardContent>
          </Card>
        </section>

        <section aria-labelledby="how" className="bg-background py-16">
          <div className="mx-auto max-w-5xl px-4">
            <h2 id="how" className="text-center text-3xl font-bold">
              {t("How It Works")}
            </h2>
            <ol className="mt-10 grid gap-8 md:grid-cols-3">
              {steps(t).map((step, index) => (
                <li key={step.title} className="flex flex-col items-center gap-3 text-center">
                  <span className="flex h-14 w-14 items-center justify-center rounded-full bg-green-100 text-green-800">
                    <step.icon className="h-6 w-6" aria-hidden="true" />
                  </span>
                  <h3 className="text-lg font-semibold">
                    <span className="sr-only">{t("Step {{number}}:", { number: index + 1 })} </span>
                    {step.title}
                  </h3>
                  <p className="text-muted-foreground">{step.text}</p>
                </li>
              ))}
            </ol>
            <div className="mt-10 flex justify-center">
              <Button asChild size="lg">
                <a href="/api/login">
                  <Users aria-hidden="true" /> {t("Join your neighbours")}
                </a>
              </Button>
            </div>
          </div>
        </section>
      </main>

      <SiteFooter />
    </div>
  );
}

/**
 * The landing page's hero (spec §2 "Landing page"): the headline, a search box that asks the
 * visitor to sign in, and the two sign-in buttons. Every button goes to /api/login.
 */
import { Search } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/client/components/ui/button";
import { Input } from "@/client/components/ui/input";

export function LandingHero() {
  const { t } = useTranslation("common");
  return (
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
            className="absolute start-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id="landing-search"
            disabled
            placeholder={t("Search meals, ingredients, allergens...")}
            className="h-12 bg-background ps-9"
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
  );
}

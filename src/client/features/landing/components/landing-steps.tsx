/** The landing page's "How It Works" (spec §2 "Landing page"): three steps and a sign-in button. */
import type { TFunction } from "i18next";
import { MessageCircle, Search, Star, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/client/components/ui/button";

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

export function LandingSteps() {
  const { t } = useTranslation("common");
  return (
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
  );
}

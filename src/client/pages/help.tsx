/**
 * Help (spec §2 "Static pages", §5 "Help search"): FAQs in four categories, filtered in the browser
 * by question or answer (case-insensitive), one open at a time; what newcomers may do and how trust is
 * earned (docs/decisions/020); terms and privacy; the contact form.
 */

import { useTranslation } from "react-i18next";
import { StaticPage, StaticSection } from "@/client/components/layout/static-page";
import { ContactForm, FaqSearch, NewcomerLimits } from "@/client/features/help";
import { deployment } from "@/client/lib/deployment";

export default function HelpPage() {
  const { t } = useTranslation("info");
  return (
    <StaticPage>
      <header className="flex flex-col gap-4">
        <h1 className="text-4xl font-bold">{t("Help Center")}</h1>
        <p className="text-lg text-muted-foreground">
          {t("Answers to common questions, and a way to reach us.")}
        </p>
      </header>
      <FaqSearch />
      <StaticSection title={t("New to MealShare")} id="newcomers">
        <NewcomerLimits />
      </StaticSection>
      <StaticSection title={t("Terms & Privacy")} id="terms">
        <p>
          {deployment().cardPayments
            ? t(
                "MealShare is a free service that connects neighbours. Cooks are responsible for the safety and description of the food they share; eaters decide what they accept. Marketplace meals are paid to the cook in cash at pickup, or by card in the app through Stripe, which holds the payment until pickup and pays it to the cook.",
              )
            : t(
                "MealShare is a free service that connects neighbours. Cooks are responsible for the safety and description of the food they share; eaters decide what they accept. Payments for Marketplace meals are made directly between neighbours, and MealShare is not a party to them.",
              )}
        </p>
        <p>
          {t(
            "We store what you give us to run the service: your name and email from sign-in, your profile, meals, requests, messages, reviews and reports. Your email is never shown to other members and is used for the mailing list only if you subscribe. Download your data or delete your account in Settings at any time; the Privacy page says what is kept and for how long.",
          )}
        </p>
      </StaticSection>

      <StaticSection title={t("Contact Us")} id="contact">
        <p className="text-muted-foreground">{t("We usually reply within 24-48 hours.")}</p>
        <ContactForm />
      </StaticSection>
    </StaticPage>
  );
}

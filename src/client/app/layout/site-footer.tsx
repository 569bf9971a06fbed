/** The public footer (spec §2 "Landing page"): links, the newsletter form, this year's copyright. */
import { ChefHat } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { LanguageSelect } from "@/client/components/layout/language-select";
import { NewsletterForm } from "@/client/features/newsletter";

export function SiteFooter() {
  const { t } = useTranslation("common");
  return (
    <footer className="border-t bg-green-950 text-green-50">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 md:grid-cols-3">
        <div>
          <p className="flex items-center gap-2 text-lg font-bold">
            <ChefHat className="h-5 w-5" aria-hidden="true" /> {t("MealShare")}
          </p>
          <p className="mt-2 text-sm text-green-200">{t("Neighbours sharing meals, one plate at a time.")}</p>
          <LanguageSelect className="mt-4" tone="dark" />
        </div>
        <nav aria-label={t("Footer")} className="grid grid-cols-2 gap-2 text-sm">
          <Link href="/about" className="hover:underline">
            {t("About")}
          </Link>
          <Link href="/how-it-works" className="hover:underline">
            {t("How It Works")}
          </Link>
          <Link href="/safety" className="hover:underline">
            {t("Safety")}
          </Link>
          <Link href="/help" className="hover:underline">
            {t("Help Center")}
          </Link>
          <Link href="/impact" className="hover:underline">
            {t("Our Impact")}
          </Link>
          <Link href="/help#contact" className="hover:underline">
            {t("Contact Us")}
          </Link>
          <Link href="/privacy" className="hover:underline">
            {t("Terms & Privacy")}
          </Link>
          <a href="/api/login" className="hover:underline">
            {t("Success Stories")}
          </a>
          <a href="/api/login" className="hover:underline">
            {t("Report Issue")}
          </a>
        </nav>
        <NewsletterForm />
      </div>
      <p className="border-t border-green-900 py-4 text-center text-sm text-green-300">
        {t("© {{year}} MealShare. All rights reserved.", { year: new Date().getFullYear() })}
      </p>
    </footer>
  );
}

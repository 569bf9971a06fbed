/** The signed-out header (spec §2 "Landing page"): the brand, Sign In and Sign Up (both to login). */
import { ChefHat } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Button } from "@/client/components/ui/button";

export function PublicHeader() {
  const { t } = useTranslation("common");
  return (
    <header className="mx-auto flex max-w-7xl items-center justify-between gap-2 px-4 py-4">
      {/* The brand keeps its one word; the buttons take what is left, side by side or stacked. */}
      <Link
        href="/"
        className="flex shrink-0 items-center gap-1.5 whitespace-nowrap text-base font-bold text-primary sm:gap-2 sm:text-lg"
      >
        <ChefHat className="h-5 w-5 sm:h-6 sm:w-6" aria-hidden="true" /> {t("MealShare")}
      </Link>
      <nav aria-label={t("Account")} className="flex flex-wrap justify-end gap-1 sm:gap-2">
        <Button asChild variant="ghost" className="px-2.5 sm:px-4">
          <a href="/api/login">{t("Sign In")}</a>
        </Button>
        <Button asChild className="px-2.5 sm:px-4">
          <a href="/api/login">{t("Sign Up")}</a>
        </Button>
      </nav>
    </header>
  );
}

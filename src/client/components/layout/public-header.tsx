/** The signed-out header (spec §2 "Landing page"): the brand, Sign In and Sign Up (both to login). */
import { ChefHat } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Button } from "@/client/components/ui/button";

export function PublicHeader() {
  const { t } = useTranslation("common");
  return (
    <header className="mx-auto flex max-w-7xl items-center justify-between gap-2 px-4 py-4">
      <Link href="/" className="flex items-center gap-2 text-lg font-bold text-primary">
        <ChefHat className="h-6 w-6" aria-hidden="true" /> {t("MealShare")}
      </Link>
      <nav aria-label={t("Account")} className="flex gap-2">
        <Button asChild variant="ghost">
          <a href="/api/login">{t("Sign In")}</a>
        </Button>
        <Button asChild>
          <a href="/api/login">{t("Sign Up")}</a>
        </Button>
      </nav>
    </header>
  );
}

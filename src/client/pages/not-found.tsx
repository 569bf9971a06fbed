/**
 * spec §2: any unknown path shows '404 Page Not Found' — for a visitor with the public header and
 * footer, like the static pages (docs/features/everyday-journey.md), for a member inside the navigation.
 */

import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { StaticPage } from "@/client/components/layout/static-page";
import { Button } from "@/client/components/ui/button";

export default function NotFoundPage() {
  const { t } = useTranslation("common");
  return (
    <StaticPage>
      <div className="flex min-h-[50vh] flex-col items-center justify-center gap-4 text-center">
        <h1 className="text-3xl font-bold">{t("404 Page Not Found")}</h1>
        <p className="text-muted-foreground">{t("The page you asked for isn't here.")}</p>
        <Button asChild>
          <Link href="/">{t("Go home")}</Link>
        </Button>
      </div>
    </StaticPage>
  );
}

/** A signed-out visitor opening a signed-in page (e.g. a shared meal link) is offered sign-in. */

import { useTranslation } from "react-i18next";
import { Button } from "@/client/components/ui/button";

export default function SignInRequiredPage() {
  const { t } = useTranslation("common");
  const returnTo = encodeURIComponent(window.location.pathname + window.location.search);
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-3xl font-bold">{t("Sign in to continue")}</h1>
      <p className="text-muted-foreground">
        {t("This page is for MealShare members. Sign in and we'll bring you right back.")}
      </p>
      <Button asChild>
        <a href={`/api/login?returnTo=${returnTo}`}>{t("Sign In")}</a>
      </Button>
    </div>
  );
}

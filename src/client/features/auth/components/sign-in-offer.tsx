/**
 * The offer to sign in on a member's page opened signed out (a shared link): what the page is for
 * and Sign in, which brings the visitor right back.
 */
import { useTranslation } from "react-i18next";
import { Button } from "@/client/components/ui/button";
import { cn } from "@/client/lib/utils";

/**
 * @param props.under true below a page's own heading (a shared meal's preview): the offer is a
 *   section of that page, not a page of its own
 */
export function SignInOffer({ under = false }: { under?: boolean }) {
  const { t } = useTranslation("common");
  const returnTo = encodeURIComponent(window.location.pathname + window.location.search);
  const Heading = under ? "h2" : "h1";
  return (
    <div
      className={cn(
        "flex flex-col items-center justify-center gap-4 px-4 text-center",
        !under && "min-h-[60vh]",
      )}
    >
      <Heading className={under ? "text-xl font-bold" : "text-3xl font-bold"}>
        {t("Sign in to continue")}
      </Heading>
      <p className="text-muted-foreground">
        {t("This page is for MealShare members. Sign in and we'll bring you right back.")}
      </p>
      <Button asChild>
        <a href={`/api/login?returnTo=${returnTo}`}>{t("Sign In")}</a>
      </Button>
    </div>
  );
}

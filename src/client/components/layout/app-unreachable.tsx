/**
 * What the app shows when it cannot tell who is signed in because the server did not answer: the
 * device is offline, or MealShare is down. Never the landing page, which would look like being
 * signed out (spec §4 "Authentication"; errors are never empty states).
 */
import { ChefHat } from "lucide-react";
import { useTranslation } from "react-i18next";
import { QueryError } from "@/client/components/layout/query-error";
import { useOnline } from "@/client/lib/online";

export function AppUnreachable({
  error,
  onRetry,
  retrying,
}: {
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
}) {
  const { t } = useTranslation("common");
  const online = useOnline();
  return (
    <div className="min-h-screen">
      <header className="mx-auto flex max-w-7xl items-center px-4 py-4">
        <a href="/" className="flex items-center gap-2 text-lg font-bold text-primary">
          <ChefHat className="h-6 w-6" aria-hidden="true" /> {t("MealShare")}
        </a>
      </header>
      <main className="mx-auto max-w-xl px-4 py-16">
        <QueryError
          title={online ? t("Could not reach MealShare") : t("You are offline")}
          error={error}
          onRetry={onRetry}
          retrying={retrying}
        />
      </main>
    </div>
  );
}

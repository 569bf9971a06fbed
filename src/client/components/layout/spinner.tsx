import { Loader2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "@/client/lib/utils";

/** A spinner with an accessible name. */
export function Spinner({ className, label }: { className?: string; label?: string }) {
  const { t } = useTranslation("common");
  return (
    <div role="status" className={cn("flex items-center justify-center", className)}>
      <Loader2 className="h-8 w-8 animate-spin text-primary" aria-hidden="true" />
      <span className="sr-only">{label ?? t("Loading")}</span>
    </div>
  );
}

/** spec §2: the full-screen spinner while the authentication state loads. */
export function FullScreenSpinner() {
  return <Spinner className="min-h-screen" />;
}

import { useTranslation } from "react-i18next";
import { Button } from "@/client/components/ui/button";
import { toast } from "@/client/components/ui/use-toast";
import type { UserRole } from "@/contract/auth";
import { useUpdateRole } from "../api/users";

/**
 * spec §4 "Role toggle": eater or feeder, switched optimistically and reverted on failure, with what
 * the two words mean.
 */
export function RoleToggle({ role }: { role: UserRole }) {
  const { t } = useTranslation("app");
  const update = useUpdateRole();
  const choose = (next: UserRole) => {
    if (next === role) return;
    update.mutate(next, {
      onSuccess: () =>
        toast({
          title:
            next === "eater"
              ? t("Switched to eater mode successfully.")
              : t("Switched to feeder mode successfully."),
        }),
    });
  };
  return (
    <div className="flex flex-col gap-1">
      <fieldset className="inline-flex self-start rounded-lg border p-1">
        <legend className="sr-only">{t("I am here as")}</legend>
        {(["eater", "feeder"] as const).map((option) => (
          <Button
            key={option}
            size="sm"
            variant={role === option ? "default" : "ghost"}
            aria-pressed={role === option}
            onClick={() => choose(option)}
            className="capitalize"
          >
            {option === "eater" ? t("Eater") : t("Feeder")}
          </Button>
        ))}
      </fieldset>
      {/* The spec's words, said once where a neighbour meets them (docs/features/everyday-journey.md). */}
      <p className="text-sm text-muted-foreground">
        {t("Eater: you ask for meals. Feeder: you share them. Switch whenever you like.")}
      </p>
    </div>
  );
}

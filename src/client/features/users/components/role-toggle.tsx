import { useTranslation } from "react-i18next";
import { Button } from "@/client/components/ui/button";
import { toast } from "@/client/components/ui/use-toast";
import type { UserRole } from "@/contract/auth";
import { useUpdateRole } from "../api/users";

/** spec §4 "Role toggle": eater or feeder, switched optimistically and reverted on failure. */
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
    <fieldset className="inline-flex rounded-lg border p-1">
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
  );
}

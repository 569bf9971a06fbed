/**
 * "Tell me about new meals like this" (docs/features/neighbourhood.md point 6): saves the list's
 * search text, kind and allergens to avoid, around the member's home area with the list's radius.
 */
import { BellPlus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/client/components/ui/button";
import { toast } from "@/client/components/ui/use-toast";
import type { CreateAlertInput } from "@/contract/alerts";
import { useCreateAlert } from "../api/alerts";

export function SaveAlertButton({ alert }: { alert: CreateAlertInput }) {
  const { t } = useTranslation("app");
  const create = useCreateAlert();
  const save = () =>
    create.mutate(alert, {
      onSuccess: ({ created }) =>
        toast({
          title: created ? t("Alert saved") : t("You have this alert already"),
          description: t("We will tell you about new meals like these. Manage your alerts in Settings."),
        }),
    });
  return (
    <Button type="button" variant="outline" size="sm" onClick={save} disabled={create.isPending}>
      <BellPlus aria-hidden="true" /> {t("Tell me about new meals like this")}
    </Button>
  );
}

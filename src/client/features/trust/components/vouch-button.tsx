/**
 * "Vouch for {{name}}" after a completed exchange (docs/decisions/020 "Vouches"): what the server sent
 * as the viewer's `vouch.abilities.vouch` — allowed, refused with its reason, or given already.
 */
import { ShieldCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { RefusalNote } from "@/client/components/refusal-note";
import { Button } from "@/client/components/ui/button";
import type { Ability } from "@/contract/abilities";
import { useVouch } from "../api/trust";

export function VouchButton({
  userId,
  name,
  vouch,
}: {
  userId: string;
  name: string;
  vouch: { abilities: { vouch: Ability }; vouched: boolean };
}) {
  const { t } = useTranslation("app");
  const give = useVouch(userId);
  if (vouch.vouched || give.isSuccess) {
    return (
      <p className="inline-flex items-center gap-2 text-sm text-muted-foreground" role="status">
        <ShieldCheck className="h-4 w-4" aria-hidden="true" /> {t("You vouched for {{name}}.", { name })}
      </p>
    );
  }
  if (!vouch.abilities.vouch.allowed)
    return <RefusalNote ability={vouch.abilities.vouch} className="text-sm text-muted-foreground" />;
  return (
    <div className="flex flex-col gap-1">
      <Button
        variant="outline"
        className="self-start"
        onClick={() => give.mutate()}
        disabled={give.isPending}
      >
        <ShieldCheck className="me-2 h-4 w-4" aria-hidden="true" />
        {t("Vouch for {{name}}", { name })}
      </Button>
      <p className="text-xs text-muted-foreground">
        {t("A vouch says you met them and the exchange went well. It helps them become a trusted member.")}
      </p>
    </div>
  );
}

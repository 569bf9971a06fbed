/**
 * What a cook is shown of a member who asks them (docs/decisions/020 "Badges"): "New neighbour" before
 * a first completed exchange, then how many — a plain count, never a score.
 */
import { Sprout, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Badge } from "@/client/components/ui/badge";
import type { TrustBadge as Trust } from "@/contract/trust";

export function TrustBadge({ trust }: { trust: Trust }) {
  const { t } = useTranslation("app");
  if (trust.level === "newcomer" || trust.exchanges === 0) {
    return (
      <Badge variant="outline" className="gap-1" data-trust="newcomer">
        <Sprout className="h-3 w-3" aria-hidden="true" /> {t("New neighbour")}
      </Badge>
    );
  }
  return (
    <Badge variant="secondary" className="gap-1" data-trust={trust.level}>
      <Users className="h-3 w-3" aria-hidden="true" /> {t("{{count}} exchanges", { count: trust.exchanges })}
    </Badge>
  );
}

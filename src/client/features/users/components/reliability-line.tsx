/**
 * A member's pickup record (docs/features/households.md point 5), over the last 12 months: "Picked up
 * 23 of 24" as eater, "Handed over 40 of 41" as cook; no-shows and late cancellations count, their
 * reasons are never shown. Nothing to count says so.
 */
import { useTranslation } from "react-i18next";
import type { Reliability } from "@/contract/requests";

export function ReliabilityLine({
  reliability,
  sides = ["eater", "feeder"],
}: {
  reliability: Reliability;
  /** Which records to show: as eater, as cook, or both. */
  sides?: ("eater" | "feeder")[];
}) {
  const { t } = useTranslation("app");
  const parts: string[] = [];
  if (sides.includes("eater") && reliability.pickupsDue > 0) {
    parts.push(
      t("Picked up {{kept}} of {{due}}", { kept: reliability.pickedUp, due: reliability.pickupsDue }),
    );
  }
  if (sides.includes("feeder") && reliability.handoversDue > 0) {
    parts.push(
      t("Handed over {{kept}} of {{due}}", { kept: reliability.handedOver, due: reliability.handoversDue }),
    );
  }
  return (
    <p className="text-sm text-muted-foreground" data-testid="reliability">
      {parts.length > 0
        ? t("{{record}} in the last 12 months", { record: parts.join(" · ") })
        : t("No pickups in the last 12 months yet")}
    </p>
  );
}

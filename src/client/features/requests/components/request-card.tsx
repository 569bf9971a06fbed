/**
 * One request in the Requests page (spec §2 "Requests"): with its portions, and for the cook the
 * requester's badge (docs/decisions/020) and pickup record (docs/features/households.md points 1 and 5).
 */
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { HeldMark } from "@/client/components/held-mark";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent } from "@/client/components/ui/card";
import { MealPhoto, usePriceLabel } from "@/client/features/meals";
import { TrustBadge } from "@/client/features/trust";
import { ReliabilityLine } from "@/client/features/users";
import { useDisplayName } from "@/client/lib/display-name";
import { useFormat } from "@/client/lib/format";
import { FAIR_USE_DAYS } from "@/contract/plain/draw";
import type { MealRequest } from "@/contract/requests";
import { StatusActions } from "./status-actions";
import { StatusBadge } from "./status-badge";

/** "3 portions", or "2 of the 3 portions asked for" when the cook accepted fewer. */
export function portionsText(
  t: TFunction<"app">,
  request: Pick<MealRequest, "portions" | "portionsRequested">,
) {
  return request.portions < request.portionsRequested
    ? t("{{count}} of the {{asked}} portions asked for", {
        count: request.portions,
        asked: request.portionsRequested,
      })
    : t("{{count}} portion", { count: request.portions });
}

/** What the cook reads of the eater (the server sends it to the cook alone): trust, pickups, free meals. */
function EaterFacts({ request }: { request: MealRequest }) {
  const { t } = useTranslation("app");
  return (
    <>
      {request.eaterTrust && <TrustBadge trust={request.eaterTrust} />}
      {request.eaterReliability && (
        <ReliabilityLine reliability={request.eaterReliability} sides={["eater"]} />
      )}
      {request.eaterRecentFreeMeals !== null && (
        <p className="text-sm text-muted-foreground" data-testid="recent-free-meals">
          {t("{{count}} free meals received in the last {{days}} days", {
            count: request.eaterRecentFreeMeals,
            days: FAIR_USE_DAYS,
          })}
        </p>
      )}
    </>
  );
}

/** A request in the Requests lists, from the viewer's side: the meal, the other person, what to do. */
export function RequestCard({ request, viewerIs }: { request: MealRequest; viewerIs: "feeder" | "eater" }) {
  const { t } = useTranslation("app");
  const f = useFormat();
  const priceLabel = usePriceLabel();
  const displayName = useDisplayName();
  const other = viewerIs === "feeder" ? request.eater : request.owner;
  const name = displayName(other);
  const values = { name, ago: f.ago(request.createdAt) };
  return (
    <Card data-testid="request-card">
      <CardContent className="flex flex-col gap-4 p-4 sm:flex-row">
        <MealPhoto meal={request.meal} className="w-full rounded-md sm:w-40" />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="text-lg font-semibold">{request.meal.title}</h3>
            <span className="text-sm font-medium text-green-800">{priceLabel(request.meal)}</span>
            <StatusBadge status={request.status} />
          </div>
          <p className="text-sm text-muted-foreground">
            {viewerIs === "feeder"
              ? t("From: {{name}} · sent {{ago}}", values)
              : t("Cook: {{name}} · sent {{ago}}", values)}
          </p>
          <p className="text-sm">{portionsText(t, request)}</p>
          <EaterFacts request={request} />
          {request.message && (
            <p className="mt-1 line-clamp-3 whitespace-pre-line text-sm">
              {t('"{{message}}"', { message: request.message })}
            </p>
          )}
          {request.messageHeld && <HeldMark />}
        </div>
        <div className="flex flex-col gap-2 self-start">
          {/* A new request is answered from the list too (docs/features/everyday-journey.md), with
              the thread's own buttons and confirmations. */}
          {viewerIs === "feeder" && request.status === "pending" && (
            <StatusActions request={request} viewer="feeder" />
          )}
          <Button asChild variant="outline">
            <Link href={`/request/${request.id}`}>{t("View Thread")}</Link>
          </Button>
          {/* The accepted eater's code and details for the door, kept for offline use
              (docs/features/handover.md point 4). */}
          {viewerIs === "eater" && request.status === "accepted" && (
            <Button asChild>
              <Link href={`/pass/${request.id}`}>{t("Pickup pass")}</Link>
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

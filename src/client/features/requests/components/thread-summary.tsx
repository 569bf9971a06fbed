/**
 * The head of a request thread (spec §2 "Request thread"): the meal with its photo and price, the
 * status and portions, a waiting-list offer's deadline, the other person (their profile, Block; for
 * the cook, the eater's pickup record), the viewer's status actions and, once the exchange is
 * completed, the way to the review it asks for. A no-show says who did not turn up and why, and a late
 * cancellation says it was late (docs/features/households.md points 4-5): both count in the records.
 */
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent } from "@/client/components/ui/card";
import { MealPhoto, PayAtPickup, usePriceLabel } from "@/client/features/meals";
import { TrustBadge, VouchButton } from "@/client/features/trust";
import { BlockButton, ReliabilityLine, useBlockedUsers } from "@/client/features/users";
import { useDisplayName } from "@/client/lib/display-name";
import { useFormat } from "@/client/lib/format";
import { PHOTO_SIZES } from "@/contract/plain/photos";
import type { MealRequestDetail } from "@/contract/requests";
import { portionsText } from "./request-card";
import { StatusActions } from "./status-actions";
import { StatusBadge } from "./status-badge";

/**
 * A card request's payment (docs/decisions/022), in a chunk of its own: a cash thread, most threads,
 * never loads it, and a thread's first load stays within its budget (docs/decisions/019).
 */
const PaymentNote = lazy(() =>
  import("@/client/features/payments").then((module) => ({ default: module.PaymentNote })),
);

/** Why an exchange ended the way it did, when it counts against somebody's record. */
function EndNote({
  request,
  viewer,
  otherName,
}: {
  request: MealRequestDetail;
  viewer: "feeder" | "eater";
  otherName: string;
}) {
  const { t } = useTranslation("app");
  if (request.status === "cancelled" && request.lateCancel) {
    return (
      <p className="text-sm text-muted-foreground">
        {t("Cancelled less than 2 hours before the pickup, so it counts as late.")}
      </p>
    );
  }
  if (request.status === "disputed") {
    return (
      <div className="text-sm" data-testid="no-show">
        <p>
          {t(
            "Disputed: one of you reported a no-show the other says is wrong. An admin will look at it; until then it counts for neither of you.",
          )}
        </p>
        {request.noShowReason && (
          <p className="mt-1 whitespace-pre-line text-muted-foreground">
            {t('"{{message}}"', { message: request.noShowReason })}
          </p>
        )}
        {request.disputeReason && (
          <p className="mt-1 whitespace-pre-line text-muted-foreground">
            {t('"{{message}}"', { message: request.disputeReason })}
          </p>
        )}
      </div>
    );
  }
  if (request.status !== "no_show" || !request.noShowParty) return null;
  const text =
    request.noShowParty === "both"
      ? t("Neither of you confirmed the pickup, so it counts as missed on both sides.")
      : request.noShowParty === viewer
        ? t("{{name}} reported that you did not turn up.", { name: otherName })
        : t("You reported that {{name}} did not turn up.", { name: otherName });
  return (
    <div className="text-sm" data-testid="no-show">
      <p>{text}</p>
      {request.noShowReason && (
        <p className="mt-1 whitespace-pre-line text-muted-foreground">
          {t('"{{message}}"', { message: request.noShowReason })}
        </p>
      )}
    </div>
  );
}

export function ThreadSummary({ request }: { request: MealRequestDetail }) {
  const { t } = useTranslation("app");
  const priceLabel = usePriceLabel();
  const displayName = useDisplayName();
  const viewerIsOwner = request.viewerSide === "feeder";
  const other = viewerIsOwner ? request.eater : request.owner;
  const otherName = displayName(other);
  return (
    <Card>
      <CardContent className="flex flex-col gap-4 p-4 sm:flex-row">
        <MealPhoto
          meal={request.meal}
          first
          sizes={PHOTO_SIZES.thread}
          className="w-full rounded-md sm:w-48"
        />
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-bold">
              <Link href={`/meal/${request.meal.id}`} className="hover:underline">
                {request.meal.title}
              </Link>
            </h1>
            <StatusBadge status={request.status} />
          </div>
          <p className="text-sm text-muted-foreground">
            {priceLabel({
              ...request.meal,
              priceCents: request.agreedTerms?.priceCents ?? request.meal.priceCents,
            })}{" "}
            · {viewerIsOwner ? t("Requested by") : t("Cooked by")}{" "}
            <Link href={`/user/${other.id}`} className="font-medium text-foreground hover:underline">
              {otherName}
            </Link>
          </p>
          <p className="text-sm">{portionsText(t, request)}</p>
          <HowItIsPaid request={request} otherName={otherName} />
          <HeldUntil request={request} />
          <EndNote request={request} viewer={viewerIsOwner ? "feeder" : "eater"} otherName={otherName} />
          <RunningLate request={request} />
          {request.eaterTrust && <TrustBadge trust={request.eaterTrust} />}
          {request.eaterReliability && (
            <ReliabilityLine reliability={request.eaterReliability} sides={["eater"]} />
          )}
          <StatusActions request={request} viewer={viewerIsOwner ? "feeder" : "eater"} />
          {/* Blocking is there when needed, below the exchange's own moves, not above them. */}
          <BlockLine other={other} name={otherName} />
          {request.status === "completed" && (
            <Button asChild variant="outline" className="self-start">
              <Link href="/reviews">{t("Leave a Review")}</Link>
            </Button>
          )}
          {request.vouch && <VouchButton userId={other.id} name={otherName} vouch={request.vouch} />}
        </div>
      </CardContent>
    </Card>
  );
}

/** How the request is paid: its card payment (its own chunk), or cash at pickup once accepted. */
function HowItIsPaid({ request, otherName }: { request: MealRequestDetail; otherName: string }) {
  const viewerIsOwner = request.viewerSide === "feeder";
  return (
    <>
      {request.payment && (
        <Suspense fallback={null}>
          <PaymentNote request={request} otherName={otherName} />
        </Suspense>
      )}
      {request.status === "accepted" && !request.payment && (
        <PayAtPickup
          meal={{
            ...request.meal,
            priceCents: request.agreedTerms?.priceCents ?? request.meal.priceCents,
          }}
          cookName={otherName}
          eaterName={otherName}
          portions={request.portions}
          side={viewerIsOwner ? "feeder" : "eater"}
        />
      )}
    </>
  );
}

/** Until when a held request's portions are kept (docs/features/households.md point 2). */
function HeldUntil({ request }: { request: MealRequestDetail }) {
  const { t } = useTranslation("app");
  const f = useFormat();
  if (request.status !== "held" || !request.holdUntil) return null;
  return (
    <p className="text-sm font-medium text-violet-900" data-testid="hold-until">
      {t("These portions are kept for you until {{time}}.", { time: f.time(request.holdUntil) })}
    </p>
  );
}

/** When "running late" was said: noted for the two of them, never public (docs/features/handover.md point 2). */
function RunningLate({ request }: { request: MealRequestDetail }) {
  const { t } = useTranslation("app");
  const f = useFormat();
  if (!request.runningLateAt) return null;
  return (
    <p className="text-sm text-muted-foreground" data-testid="running-late">
      {t("Running late was said at {{time}}, after the pickup had started.", {
        time: f.time(request.runningLateAt),
      })}
    </p>
  );
}

/** Blocking the other side, and what a block means here. */
function BlockLine({ other, name }: { other: { id: string }; name: string }) {
  const { t } = useTranslation("app");
  const blockedUsers = useBlockedUsers();
  const blocked = blockedUsers.data?.some((b) => b.id === other.id) ?? false;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <BlockButton userId={other.id} name={name} blocked={blocked} />
      {blocked && (
        <span className="text-sm text-muted-foreground">
          {t("You blocked {{name}}: neither of you can send messages here.", { name })}
        </span>
      )}
    </div>
  );
}

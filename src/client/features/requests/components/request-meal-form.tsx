/**
 * The Send Request area of the meal detail (spec §2, §4 "Safety notice gate", "Request sending"):
 * how many portions (docs/features/households.md point 1), a message; the first request of a session
 * opens the Safety Notice; I Understand records it and sends. A meal holding one of the viewer's
 * allergens opens the notice every time, with that allergen named and a box to tick before I
 * Understand (docs/features/food-safety.md). With no portions left, the waiting list instead. What
 * the viewer may do, and why not, is the meal's `abilities` (the server's one decision).
 */

import type { TFunction } from "i18next";
import { CheckCircle2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { RefusalNote } from "@/client/components/refusal-note";
import { Button } from "@/client/components/ui/button";
import { Label } from "@/client/components/ui/label";
import { Textarea } from "@/client/components/ui/textarea";
import { toast } from "@/client/components/ui/use-toast";
import { PayAtPickup } from "@/client/features/meals";
import { offerPush } from "@/client/features/notifications";
import { NewcomerNote } from "@/client/features/trust";
import { useDisplayName } from "@/client/lib/display-name";
import { useFormat } from "@/client/lib/format";
import type { MealDetail } from "@/contract/meals";
import { MESSAGE_MAX } from "@/contract/plain/requests";
import { useCreateRequest } from "../api/create-request";
import { OfferPanel } from "./offer-panel";
import { PayByChoice } from "./pay-by-choice";
import { PortionsField } from "./portions-field";
import { acceptSafetyNotice, hasAcceptedSafetyNotice, SafetyNoticeDialog } from "./safety-notice-dialog";
import { WaitlistPanel } from "./waitlist-panel";

/** While a request of the viewer's is open, the next step is its thread, not a second request. */
function RequestSent({ requestId }: { requestId: string }) {
  const { t } = useTranslation("app");
  return (
    <section aria-labelledby="send-request" className="flex flex-col gap-3 rounded-xl border bg-card p-4">
      <h2 id="send-request" className="inline-flex items-center gap-2 text-lg font-semibold">
        <CheckCircle2 className="h-5 w-5 text-primary" aria-hidden="true" /> {t("Request sent")}
      </h2>
      <p className="text-sm text-muted-foreground">
        {t("Talk with the cook and arrange the pickup in its thread.")}
      </p>
      <Button asChild>
        <Link href={`/request/${requestId}`}>{t("View request")}</Link>
      </Button>
    </section>
  );
}

/**
 * The form itself: portions, a message, how to pay, and the Safety Notice before it is sent.
 * `createRequest` is the caller's: a sent request replaces this form, and its toast must still come.
 */
function SendRequest({
  meal,
  allergenWarnings,
  createRequest,
}: {
  meal: MealDetail;
  allergenWarnings: string[];
  createRequest: ReturnType<typeof useCreateRequest>;
}) {
  const { t } = useTranslation("app");
  const f = useFormat();
  const displayName = useDisplayName();
  const [message, setMessage] = useState("");
  const [portions, setPortions] = useState(1);
  // docs/decisions/022: where the cook takes both, the eater chooses; the meal's one way otherwise.
  const [payBy, setPayBy] = useState<"cash" | "card">(meal.paymentWays === "card" ? "card" : "cash");
  const mayRequest = meal.abilities.request;

  const send = () =>
    createRequest.mutate(
      { mealId: meal.id, message, portions, ...(meal.paymentWays ? { payBy } : {}) },
      {
        onSuccess: () => {
          setMessage("");
          sayRequestSent(t);
        },
      },
    );
  const unavailable = !mayRequest.allowed;
  return (
    <section aria-labelledby="send-request" className="flex flex-col gap-3 rounded-xl border bg-card p-4">
      <h2 id="send-request" className="text-lg font-semibold">
        {t("Send Request")}
      </h2>
      <PortionsAndMessage
        portionsLeft={meal.portionsLeft}
        portions={portions}
        setPortions={setPortions}
        message={message}
        setMessage={setMessage}
        disabled={unavailable}
      />
      <RefusalNote ability={mayRequest} />
      {mayRequest.allowed && <NewcomerNote limit="openRequests" />}
      <PayAtPickup meal={meal} cookName={displayName(meal.owner)} portions={portions} />
      {meal.paymentWays === "both" && (
        <PayByChoice value={payBy} onChange={setPayBy} disabled={unavailable} />
      )}
      <SafetyNoticeGate
        allergens={allergenWarnings}
        disabled={createRequest.isPending || unavailable}
        onSend={send}
      >
        {meal.kind === "paid" && meal.priceCents != null
          ? t("Request Meal ({{price}})", { price: f.price(meal.priceCents) })
          : t("Request Meal")}
      </SafetyNoticeGate>
    </section>
  );
}

/**
 * A sent request says so, and offers push notifications: the cook's answer is worth hearing about
 * outside the app (docs/features/notifications.md).
 */
function sayRequestSent(t: TFunction): void {
  toast({ title: t("Request sent!"), description: t("Your meal request has been sent to the cook.") });
  offerPush();
}

/**
 * The request's button, behind the Safety Notice (spec §2 "Safety Notice"; docs/features/food-safety.md):
 * asked once a browser session, and every time the meal holds one of the member's allergens.
 */
function SafetyNoticeGate({
  allergens,
  disabled,
  onSend,
  children,
}: {
  allergens: string[];
  disabled: boolean;
  onSend: () => void;
  children: React.ReactNode;
}) {
  const [noticeOpen, setNoticeOpen] = useState(false);
  const onRequest = () => {
    if (hasAcceptedSafetyNotice() && allergens.length === 0) onSend();
    else setNoticeOpen(true);
  };
  return (
    <>
      <Button onClick={onRequest} disabled={disabled}>
        {children}
      </Button>
      <SafetyNoticeDialog
        open={noticeOpen}
        allergens={allergens}
        onCancel={() => setNoticeOpen(false)}
        onAccept={() => {
          acceptSafetyNotice();
          setNoticeOpen(false);
          onSend();
        }}
      />
    </>
  );
}

/** How many portions (at most those left), and the message to the cook. */
function PortionsAndMessage(props: {
  portionsLeft: number;
  portions: number;
  setPortions: (portions: number) => void;
  message: string;
  setMessage: (message: string) => void;
  disabled: boolean;
}) {
  const { portionsLeft, portions, setPortions, message, setMessage, disabled } = props;
  const { t } = useTranslation("app");
  return (
    <>
      <PortionsField max={portionsLeft} value={portions} onChange={setPortions} disabled={disabled} />
      <Label htmlFor="request-message">{t("Message to the cook")}</Label>
      <Textarea
        id="request-message"
        placeholder={t("Add a message to the cook (optional)...")}
        value={message}
        maxLength={MESSAGE_MAX}
        onChange={(event) => setMessage(event.target.value)}
        disabled={disabled}
      />
    </>
  );
}
export function RequestMealForm({
  meal,
  allergenWarnings,
}: {
  meal: MealDetail;
  allergenWarnings: string[];
}) {
  const { t } = useTranslation("app");
  const createRequest = useCreateRequest({
    errorMessage: t("Failed to send request. Please try again."),
    serverMessage: true,
  });
  // Portions offered from the waiting list: take them up here, before their deadline.
  if (meal.myOffer && meal.myOpenRequestId)
    return <OfferPanel meal={{ ...meal, myOffer: meal.myOffer, myOpenRequestId: meal.myOpenRequestId }} />;
  if (meal.myOpenRequestId) return <RequestSent requestId={meal.myOpenRequestId} />;
  // Waiting already, or the portions are gone and the line is open to them: the waiting list
  // (docs/features/households.md point 2). What the server would answer, decided there
  // (server/features/meals/may-ask.ts): never worked out here.
  const { request: mayRequest, waitlist: mayWait } = meal.abilities;
  if (meal.waitlist.mine || (!mayRequest.allowed && mayWait.allowed)) return <WaitlistPanel meal={meal} />;
  return <SendRequest meal={meal} allergenWarnings={allergenWarnings} createRequest={createRequest} />;
}

/**
 * Confirming a pickup (docs/features/households.md point 4). The eater sees their 4-digit code and its
 * QR, which holds this thread's address with the code: a cook's phone camera opens it and the code is
 * filled in. The cook types (or so receives) the code and the request is Completed; a wrong one says
 * how many tries are left, five lock it for ten minutes; a right one hours before the pickup window
 * is asked about first. Each side also sees where the other's word stands.
 */
import { type FormEvent, lazy, Suspense, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearch } from "wouter";
import { QrCode } from "@/client/components/qr-code";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent } from "@/client/components/ui/card";
import { FieldError, fieldAria } from "@/client/components/ui/field-error";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { toast } from "@/client/components/ui/use-toast";
import { ApiError, errorMessage } from "@/client/lib/api-client";
import { useFormat } from "@/client/lib/format";
import { pickupCodeUrl } from "@/contract/plain/requests";
import type { MealRequestDetail } from "@/contract/requests";
import { useSubmitPickupCode } from "../api/update-status";

/** The camera scanner and its QR reader load only when the cook opens it. */
const CodeScanner = lazy(() => import("./code-scanner"));

/** The eater's code, as digits and as a QR of the thread's address with it. */
function EaterCode({ request, code }: { request: MealRequestDetail; code: string }) {
  const { t } = useTranslation("app");
  return (
    <div className="flex flex-wrap items-center gap-4">
      <div>
        <p className="text-sm text-muted-foreground">{t("Your pickup code")}</p>
        <p className="font-mono text-4xl font-bold tracking-[0.3em]" data-testid="pickup-code">
          {code}
        </p>
        <p className="max-w-xs text-sm text-muted-foreground">
          {t("Show it to the cook when you pick up, or let them scan the QR code.")}
        </p>
      </div>
      <QrCode
        url={pickupCodeUrl(request.id, code)}
        alt={t("QR code of your pickup code")}
        className="h-32 w-32 rounded border bg-white p-1"
      />
      {request.status === "accepted" && (
        <Link href={`/pass/${request.id}`} className="text-sm font-medium underline">
          {t("Pickup pass (works offline)")}
        </Link>
      )}
    </div>
  );
}

/** A right code hours before the window, asked about: has the meal changed hands now? */
function EarlyHandover({
  startsAt,
  pending,
  onYes,
  onNotYet,
}: {
  startsAt: string;
  pending: boolean;
  onYes: () => void;
  onNotYet: () => void;
}) {
  const { t } = useTranslation("app");
  const f = useFormat();
  return (
    <div
      role="alert"
      className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm"
    >
      <p>
        {t("The code is right, but the pickup window starts {{when}}. Has the meal changed hands now?", {
          when: f.dateTime(startsAt),
        })}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" onClick={onYes} disabled={pending}>
          {t("Yes, handed over now")}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onNotYet}>
          {t("Not yet")}
        </Button>
      </div>
    </div>
  );
}

/**
 * The cook's form for the eater's code. `submit` belongs to the card: a right code completes the
 * request and unmounts this form, and the toast saying so must still come.
 */
function CookCodeForm({
  request,
  submit,
}: {
  request: MealRequestDetail;
  submit: ReturnType<typeof useSubmitPickupCode>;
}) {
  const { t } = useTranslation("app");
  const f = useFormat();
  const id = useId();
  // A QR scanned with the phone's camera opens the thread with the code in its address.
  const scanned = new URLSearchParams(useSearch()).get("code") ?? "";
  const [code, setCode] = useState(/^\d{4}$/.test(scanned) ? scanned : "");
  const [error, setError] = useState<string | null>(null);
  const [scanning, setScanning] = useState(false);
  const lockedUntil = request.pickup.codeLockedUntil;

  // A right code hours before the window is asked about, not taken as it is (pickup.ts EARLY_CODE_MS).
  const [early, setEarly] = useState(false);
  const check = (value: string, sure = false) => {
    if (!/^\d{4}$/.test(value)) return setError(t("Enter the 4-digit pickup code"));
    setError(null);
    setEarly(false);
    submit.mutate(
      { code: value, early: sure },
      {
        onSuccess: () => toast({ title: t("Handed over: the exchange is completed.") }),
        onError: (failure) => {
          if (failure instanceof ApiError && failure.code === "early_pickup") setEarly(true);
          else setError(errorMessage(failure, t("Could not check the code. Please try again.")));
        },
      },
    );
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    check(code);
  };
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-2" noValidate>
      <Label htmlFor={id}>{t("Their pickup code")}</Label>
      <div className="flex flex-wrap gap-2">
        <Input
          {...fieldAria(id, error ?? undefined)}
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, "").slice(0, 4))}
          inputMode="numeric"
          autoComplete="one-time-code"
          className="w-28 font-mono text-lg tracking-widest"
          disabled={Boolean(lockedUntil)}
        />
        <Button type="submit" disabled={submit.isPending || Boolean(lockedUntil)}>
          {t("Confirm handover")}
        </Button>
        {!scanning && !lockedUntil && (
          <Button type="button" variant="outline" onClick={() => setScanning(true)}>
            {t("Scan the code")}
          </Button>
        )}
      </div>
      {scanning && (
        <Suspense fallback={null}>
          <CodeScanner
            requestId={request.id}
            onClose={() => setScanning(false)}
            onCode={(scannedCode) => {
              setScanning(false);
              setCode(scannedCode);
              check(scannedCode);
            }}
          />
        </Suspense>
      )}
      <FieldError id={id} message={error ?? undefined} />
      {early && (
        <EarlyHandover
          startsAt={request.meal.pickupWindowStart}
          pending={submit.isPending}
          onYes={() => check(code, true)}
          onNotYet={() => setEarly(false)}
        />
      )}
      {lockedUntil && (
        <p className="text-sm text-destructive">
          {t("Too many wrong codes: you can try again at {{time}}.", { time: f.time(lockedUntil) })}
        </p>
      )}
    </form>
  );
}

export function PickupCode({ request, viewer }: { request: MealRequestDetail; viewer: "feeder" | "eater" }) {
  const { t } = useTranslation("app");
  const submit = useSubmitPickupCode(request.id);
  if (request.status !== "accepted") return null;
  const { eaterConfirmed, feederConfirmed } = request.pickup;
  const said = viewer === "eater" ? eaterConfirmed : feederConfirmed;
  const theySaid = viewer === "eater" ? feederConfirmed : eaterConfirmed;
  return (
    <Card data-testid="pickup-code-card">
      <CardContent className="flex flex-col gap-3 p-4">
        <h2 className="text-lg font-semibold">{t("At pickup")}</h2>
        {viewer === "eater" && request.pickup.code && (
          <EaterCode request={request} code={request.pickup.code} />
        )}
        {/* The server says who may enter the code (policy.ts), the client does not work it out. */}
        {request.abilities.enterCode.allowed && <CookCodeForm request={request} submit={submit} />}
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {said
            ? t(
                "You said it happened; the exchange completes when the other side says so too, or a day after the pickup window.",
              )
            : theySaid
              ? viewer === "eater"
                ? t("The cook says they handed it over: say Picked up when you have it.")
                : t("They say they picked it up: say Handed over, or enter their code.")
              : t("Once the meal has changed hands, each of you says so here.")}
        </p>
      </CardContent>
    </Card>
  );
}

/**
 * A thread's status actions (spec §4 "Request status"; docs/features/households.md): one button per
 * move the server allows the viewer (the request's `abilities`), named for what it means to them — Picked
 * up and Handed over are each side's word that the pickup happened; Take them up and No thanks answer a
 * waiting-list offer — with a confirmation for moves that end the exchange, the portions to accept
 * when several were asked for, and a reason for a no-show.
 */
import type { TFunction } from "i18next";
import { MoreHorizontal } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ReasonDialog } from "@/client/components/reason-dialog";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/client/components/ui/alert-dialog";
import { Button, buttonVariants } from "@/client/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/client/components/ui/dropdown-menu";
import { Label } from "@/client/components/ui/label";
import { toast } from "@/client/components/ui/use-toast";
import { useMessages } from "@/client/lib/messages";
import { allowedMoves, REQUEST_STATUS_LABELS } from "@/contract/plain/requests";
import type { MealRequestDetail, RequestStatus } from "@/contract/requests";
import { useUpdateRequestStatus } from "../api/update-status";
import { arrangeActions } from "../arrange-actions";

type Viewer = "feeder" | "eater";

/** Each move's button, for this viewer and this request's state. */
function actionLabel(t: TFunction<"app">, to: RequestStatus, from: RequestStatus, viewer: Viewer): string {
  if (from === "held") return to === "accepted" ? t("Take them up") : t("No thanks");
  switch (to) {
    case "accepted":
      return t("Accept");
    case "declined":
      return t("Decline");
    case "completed":
      // The spec's Mark Complete where the cook settles a request not yet accepted.
      if (from === "pending") return t("Mark Complete");
      return viewer === "eater" ? t("Picked up") : t("Handed over");
    case "no_show":
      return viewer === "feeder" ? t("They did not come") : t("Not handed over");
    case "disputed":
      return t("That is not what happened");
    default:
      return t("Cancel");
  }
}

/**
 * Moves with no way back ask first; a slip of the thumb should not end an exchange. Both of a
 * dialog's buttons name what they do (docs/features/everyday-journey.md):
 * "Keep request" / "Cancel request", never "Keep it" / "Cancel".
 */
interface Confirmation {
  title: string;
  text: string;
  /** The button that leaves things as they are. */
  keep: string;
  /** The button that makes the move. */
  act: string;
}

const confirmations = (
  t: TFunction<"app">,
  viewer: Viewer,
  label: (to: RequestStatus) => string,
): Partial<Record<RequestStatus, Confirmation>> => ({
  accepted: {
    title: t("Accept this request?"),
    text: t("Say how many of the portions asked for you can give."),
    keep: t("Not now"),
    act: t("Accept request"),
  },
  completed: {
    title: viewer === "eater" ? t("Did you pick it up?") : t("Did you hand it over?"),
    text: t(
      "Say so once the meal has changed hands. When you both have, the exchange is completed and you can review each other.",
    ),
    keep: t("Not yet"),
    act: label("completed"),
  },
  declined: {
    title: t("Decline this request?"),
    text: t("The neighbour is told, and the conversation closes."),
    keep: t("Keep request"),
    act: t("Decline request"),
  },
  cancelled: {
    title: t("Cancel this request?"),
    text: t("The other person is told, and the conversation closes."),
    keep: t("Keep request"),
    act: t("Cancel request"),
  },
});

/**
 * Asks once more before a move with no way back; an accept of several portions asks how many.
 * @param onConfirm makes the move, with the portions for an accept
 */
function ConfirmMoveDialog({
  confirming,
  confirm,
  portionsRequested,
  onClose,
  onConfirm,
}: {
  confirming: RequestStatus | null;
  confirm: Confirmation | undefined;
  portionsRequested: number;
  onClose: () => void;
  onConfirm: (status: RequestStatus, extra: { portions?: number }) => void;
}) {
  const { t } = useTranslation("app");
  const [portions, setPortions] = useState(portionsRequested);
  const portionsId = useId();
  return (
    <AlertDialog open={Boolean(confirm)} onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{confirm?.title}</AlertDialogTitle>
          <AlertDialogDescription>{confirm?.text}</AlertDialogDescription>
        </AlertDialogHeader>
        {confirming === "accepted" && (
          <div className="flex items-center gap-2">
            <Label htmlFor={portionsId}>{t("Portions to give")}</Label>
            <select
              id={portionsId}
              value={portions}
              onChange={(event) => setPortions(Number(event.target.value))}
              className="h-9 rounded-md border border-input bg-background px-2 text-sm"
            >
              {Array.from({ length: portionsRequested }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </div>
        )}
        <AlertDialogFooter>
          <AlertDialogCancel>{confirm?.keep}</AlertDialogCancel>
          <AlertDialogAction
            className={
              confirming === "declined" || confirming === "cancelled"
                ? buttonVariants({ variant: "destructive" })
                : undefined
            }
            onClick={() => confirming && onConfirm(confirming, confirming === "accepted" ? { portions } : {})}
          >
            {confirm?.act}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** The reason asked for a no-show report, or for disputing one. */
function NoShowDialog({
  reporting,
  viewer,
  onClose,
  onReport,
}: {
  reporting: "no_show" | "disputed" | null;
  viewer: Viewer;
  onClose: () => void;
  onReport: (status: "no_show" | "disputed", reason: string) => void;
}) {
  const { t } = useTranslation("app");
  return (
    <ReasonDialog
      open={reporting !== null}
      onOpenChange={(open) => !open && onClose()}
      title={
        reporting === "disputed"
          ? t("Dispute the no-show report")
          : viewer === "feeder"
            ? t("Report that they did not come")
            : t("Report that the meal was not handed over")
      }
      label={t("What happened?")}
      submitLabel={reporting === "disputed" ? t("Send to an admin") : t("Report no-show")}
      destructive={reporting === "no_show"}
      onSubmit={(reason) => reporting && onReport(reporting, reason)}
    />
  );
}

export function StatusActions({
  request,
  viewer,
}: {
  request: Pick<MealRequestDetail, "id" | "status" | "abilities" | "portionsRequested">;
  viewer: Viewer;
}) {
  const { t } = useTranslation("app");
  const say = useMessages();
  const update = useUpdateRequestStatus(request.id);
  const [confirming, setConfirming] = useState<RequestStatus | null>(null);
  const [reporting, setReporting] = useState<"no_show" | "disputed" | null>(null);
  // Exactly the moves the server allows (`abilities`); only their placement is decided
  // here: what makes sense first is a button, the rest waits under More actions.
  const { primary, more } = arrangeActions(request.status, allowedMoves(request.abilities));
  if (primary.length + more.length === 0) return null;
  // Several portions asked for: the cook says how many they accept.
  const choosesPortions = request.status === "pending" && request.portionsRequested > 1;
  const label = (to: RequestStatus) => actionLabel(t, to, request.status, viewer);
  const CONFIRM = confirmations(t, viewer, label);

  // The spec's toast, and what it now is (docs/features/everyday-journey.md).
  const run = (status: RequestStatus, extra: { portions?: number; reason?: string } = {}) =>
    update.mutate(
      { status, ...extra },
      {
        onSuccess: (saved) =>
          toast({
            title: t("Status updated."),
            description: t("This request is now: {{status}}.", {
              status: say(REQUEST_STATUS_LABELS[saved.status]),
            }),
          }),
      },
    );
  const ask = (status: RequestStatus) => {
    if (status === "no_show" || status === "disputed") return setReporting(status);
    if (status === "accepted") return choosesPortions ? setConfirming("accepted") : run(status);
    return CONFIRM[status] ? setConfirming(status) : run(status);
  };

  return (
    <div className="flex flex-wrap gap-2">
      {primary.map((status) => (
        <Button
          key={status}
          // Giving up is never the page's main, green action: a pending request's only move for its
          // eater is Cancel, and it must not look like the thing to do (docs/features/everyday-journey.md).
          variant={status === "declined" || status === "cancelled" ? "outline" : "default"}
          disabled={update.isPending}
          onClick={() => ask(status)}
        >
          {label(status)}
        </Button>
      ))}
      {more.length > 0 && (
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon" aria-label={t("More actions")} disabled={update.isPending}>
              <MoreHorizontal aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="start">
            {more.map((status) => (
              <DropdownMenuItem key={status} onSelect={() => ask(status)}>
                {label(status)}
              </DropdownMenuItem>
            ))}
          </DropdownMenuContent>
        </DropdownMenu>
      )}
      <ConfirmMoveDialog
        confirming={confirming}
        confirm={confirming ? CONFIRM[confirming] : undefined}
        portionsRequested={request.portionsRequested}
        onClose={() => setConfirming(null)}
        onConfirm={run}
      />
      <NoShowDialog
        reporting={reporting}
        viewer={viewer}
        onClose={() => setReporting(null)}
        onReport={(status, reason) => run(status, { reason })}
      />
    </div>
  );
}

/**
 * A thread's status actions (spec §4 "Request status"): one button per move the server allows the
 * viewer (`allowedTransitions`), with a confirmation for moves that end the exchange.
 */
import type { TFunction } from "i18next";
import { MoreHorizontal } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
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
import { toast } from "@/client/components/ui/use-toast";
import type { MealRequestDetail, RequestStatus } from "@/contract/requests";
import { useUpdateRequestStatus } from "../api/update-status";
import { arrangeActions } from "../arrange-actions";

/** spec §4 button labels for each target status. */
const actionLabels = (t: TFunction<"app">): Partial<Record<RequestStatus, string>> => ({
  accepted: t("Accept"),
  declined: t("Decline"),
  completed: t("Mark Complete"),
  cancelled: t("Cancel"),
});

/** Moves with no way back ask first; a slip of the thumb should not end an exchange. */
const confirmations = (
  t: TFunction<"app">,
): Partial<Record<RequestStatus, { title: string; text: string }>> => ({
  completed: {
    title: t("Mark this request complete?"),
    text: t("Do this once the meal has been picked up. You can both leave a review afterwards."),
  },
  declined: {
    title: t("Decline this request?"),
    text: t("The neighbour is told, and the conversation closes."),
  },
  cancelled: {
    title: t("Cancel this request?"),
    text: t("The other person is told, and the conversation closes."),
  },
});

export function StatusActions({ request }: { request: MealRequestDetail }) {
  const { t } = useTranslation("app");
  const ACTION_LABELS = actionLabels(t);
  const CONFIRM = confirmations(t);
  const update = useUpdateRequestStatus(request.id);
  const [confirming, setConfirming] = useState<RequestStatus | null>(null);
  // Exactly the moves the server allows (`allowedTransitions`); only their placement is decided
  // here: what makes sense first is a button, the rest waits under More actions.
  const { primary, more } = arrangeActions(request.status, request.allowedTransitions);
  if (primary.length + more.length === 0) return null;
  const ask = (status: RequestStatus) => (CONFIRM[status] ? setConfirming(status) : run(status));

  const run = (status: RequestStatus) =>
    update.mutate(status, { onSuccess: () => toast({ title: t("Status updated.") }) });
  const confirm = confirming ? CONFIRM[confirming] : undefined;

  return (
    <div className="flex flex-wrap gap-2">
      {primary.map((status) => (
        <Button
          key={status}
          variant={status === "declined" ? "outline" : "default"}
          disabled={update.isPending}
          onClick={() => ask(status)}
        >
          {ACTION_LABELS[status]}
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
                {ACTION_LABELS[status]}
              </DropdownMenuItem>
            ))}
          </DropdownMenuContent>
        </DropdownMenu>
      )}
      <AlertDialog open={Boolean(confirm)} onOpenChange={(open) => !open && setConfirming(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{confirm?.title}</AlertDialogTitle>
            <AlertDialogDescription>{confirm?.text}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t("Keep it")}</AlertDialogCancel>
            <AlertDialogAction
              className={
                confirming === "declined" || confirming === "cancelled"
                  ? buttonVariants({ variant: "destructive" })
                  : undefined
              }
              onClick={() => confirming && run(confirming)}
            >
              {confirming ? ACTION_LABELS[confirming] : ""}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}

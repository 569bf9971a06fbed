/**
 * The cook refunds their sale (docs/decisions/022 "Refunds"), after saying so once: a refund cannot
 * be taken back.
 */
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
import { toast } from "@/client/components/ui/use-toast";
import { useRefundSale } from "../api";

export function RefundButton({ requestId, price }: { requestId: string; price: string }) {
  const { t } = useTranslation("app");
  const [confirming, setConfirming] = useState(false);
  const refund = useRefundSale(requestId, {
    errorMessage: t("Could not refund. Try again."),
    serverMessage: true,
  });
  return (
    <>
      <Button
        variant="outline"
        className="self-start"
        disabled={refund.isPending}
        onClick={() => setConfirming(true)}
      >
        {t("Refund {{price}}", { price })}
      </Button>
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t("Refund {{price}}?", { price })}</AlertDialogTitle>
            <AlertDialogDescription>
              {t("The whole payment goes back to the neighbour's card. This cannot be undone.")}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t("Cancel")}</AlertDialogCancel>
            <AlertDialogAction
              className={buttonVariants({ variant: "destructive" })}
              onClick={() =>
                refund.mutate(undefined, {
                  onSuccess: () => toast({ title: t("The payment is being refunded.") }),
                })
              }
            >
              {t("Refund {{price}}", { price })}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}

/** spec §2 "Safety Notice" dialog and §4 "Safety notice gate" (acceptance lasts for the session). */
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

const ACCEPTED_KEY = "safetyNoticeAccepted";

/** Whether the notice was accepted in this browser session. */
export const hasAcceptedSafetyNotice = () => window.sessionStorage.getItem(ACCEPTED_KEY) === "true";
/** Records acceptance for the session. */
export const acceptSafetyNotice = () => window.sessionStorage.setItem(ACCEPTED_KEY, "true");

export function SafetyNoticeDialog({
  open,
  onCancel,
  onAccept,
}: {
  open: boolean;
  onCancel: () => void;
  onAccept: () => void;
}) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => !next && onCancel()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Safety Notice</AlertDialogTitle>
          <AlertDialogDescription>
            MealShare is a connector only. Food safety is the responsibility of the feeder. Please check
            allergens and use your judgment when accepting meals.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <ul className="list-disc space-y-1 pl-5 text-sm">
          <li>Verify allergen information with the cook.</li>
          <li>Trust your instincts about food safety.</li>
          <li>Report any concerns to the support team.</li>
        </ul>
        <AlertDialogFooter>
          <AlertDialogCancel onClick={onCancel}>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={onAccept}>I Understand</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/**
 * The alert dialog's parts (shadcn/ui's, on Radix's), loaded when first wanted: see on-demand.tsx.
 * The same names and props as alert-dialog-radix.tsx.
 */
import { onDemand } from "./on-demand";

const dialog = onDemand(
  () => import("./alert-dialog-radix"),
  { root: "AlertDialog", trigger: "AlertDialogTrigger" },
  "dialog",
);

export const AlertDialog = dialog.Root;
export const AlertDialogTrigger = dialog.Trigger;
export const AlertDialogContent = dialog.part("AlertDialogContent");
export const AlertDialogHeader = dialog.part("AlertDialogHeader");
export const AlertDialogFooter = dialog.part("AlertDialogFooter");
export const AlertDialogTitle = dialog.part("AlertDialogTitle");
export const AlertDialogDescription = dialog.part("AlertDialogDescription");
export const AlertDialogAction = dialog.part("AlertDialogAction");
export const AlertDialogCancel = dialog.part("AlertDialogCancel");

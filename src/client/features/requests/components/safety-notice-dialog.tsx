/**
 * spec §2 "Safety Notice" dialog and §4 "Safety notice gate" (acceptance lasts for the session).
 * docs/features/food-safety.md: for a meal with the viewer's allergens the notice names them and I
 * Understand waits for 'I understand this meal contains …' to be ticked.
 */
import { parseCookie, stringifySetCookie } from "cookie";
import { useEffect, useState } from "react";
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
import { useFormat } from "@/client/lib/format";
import { useMessages } from "@/client/lib/messages";

/**
 * Acceptance lasts for the browser session (spec §4 "Safety notice gate"), in every tab of it: a
 * session cookie, which the browser drops when it closes, not one tab's sessionStorage, which made the
 * notice come back in the next tab (docs/features/everyday-journey.md). Sign-out clears it.
 */
export const SAFETY_NOTICE_COOKIE = "safety_notice";

/** Whether the notice was accepted in this browser session. */
export const hasAcceptedSafetyNotice = () => parseCookie(document.cookie)[SAFETY_NOTICE_COOKIE] === ACCEPTED;
/** Records acceptance for the browser session (no expiry: the browser drops it when it closes). */
export const acceptSafetyNotice = () => {
  const secure = location.protocol === HTTPS;
  // biome-ignore lint/suspicious/noDocumentCookie: a session cookie is what "for the session" means here.
  document.cookie = stringifySetCookie(SAFETY_NOTICE_COOKIE, ACCEPTED, { path: "/", sameSite: true, secure });
};
const ACCEPTED = "accepted";
const HTTPS = "https:";

/** The red warning of the viewer's allergens in this meal, with the box that says they understood. */
function AllergenWarning({
  names,
  count,
  understood,
  onUnderstood,
}: {
  names: string;
  count: number;
  understood: boolean;
  onUnderstood: (understood: boolean) => void;
}) {
  const { t } = useTranslation("app");
  return (
    <div className="flex flex-col gap-2 rounded-md border-2 border-red-700 bg-red-50 p-3 text-sm text-red-900">
      <p className="font-semibold">{t("This meal contains your allergen: {{names}}.", { count, names })}</p>
      <label className="flex items-start gap-2" htmlFor="allergen-understood">
        <input
          id="allergen-understood"
          type="checkbox"
          className="mt-0.5 h-4 w-4 accent-red-700"
          checked={understood}
          onChange={(event) => onUnderstood(event.target.checked)}
        />
        {t("I understand this meal contains {{names}}", { names })}
      </label>
    </div>
  );
}

/** The Safety Notice before a request (spec §2); with the viewer's allergens, a box to tick first. */
export function SafetyNoticeDialog({
  open,
  allergens = [],
  onCancel,
  onAccept,
}: {
  open: boolean;
  /** The viewer's allergens this meal contains, by name. */
  allergens?: string[];
  onCancel: () => void;
  onAccept: () => void;
}) {
  const { t } = useTranslation("app");
  const f = useFormat();
  const say = useMessages();
  const [understood, setUnderstood] = useState(false);
  // Each opening asks again.
  useEffect(() => {
    if (open) setUnderstood(false);
  }, [open]);
  const named = f.list(allergens.map((name) => say(name)));
  const blocked = allergens.length > 0 && !understood;
  return (
    <AlertDialog open={open} onOpenChange={(next) => !next && onCancel()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t("Safety Notice")}</AlertDialogTitle>
          <AlertDialogDescription>
            {t(
              "MealShare is a connector only. Food safety is the responsibility of the feeder. Please check allergens and use your judgment when accepting meals.",
            )}{" "}
            {t("(The feeder is the neighbour who cooks and shares the meal.)")}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <ul className="list-disc space-y-1 ps-5 text-sm">
          <li>{t("Verify allergen information with the cook.")}</li>
          <li>{t("Trust your instincts about food safety.")}</li>
          <li>{t("Report any concerns to the support team.")}</li>
        </ul>
        {allergens.length > 0 && (
          <AllergenWarning
            names={named}
            count={allergens.length}
            understood={understood}
            onUnderstood={setUnderstood}
          />
        )}
        <AlertDialogFooter>
          <AlertDialogCancel onClick={onCancel}>{t("Cancel")}</AlertDialogCancel>
          <AlertDialogAction onClick={onAccept} disabled={blocked}>
            {t("I Understand")}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

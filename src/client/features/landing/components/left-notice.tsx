/**
 * The word a member reads on the front page right after deleting their account (docs/decisions/017;
 * docs/features/everyday-journey.md): what happened and until when it can be undone.
 * Settings → Delete my account leaves the date in this tab's sessionStorage; it is read once, after
 * hydration (the server cannot know it), and cleared.
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

/** The sessionStorage key the date (already written in the member's language) is left under. */
export const LEFT_NOTICE_KEY = "mealshare.accountDeleted";

export function LeftNotice() {
  const { t } = useTranslation("common");
  const [until, setUntil] = useState<string | null>(null);
  useEffect(() => {
    const left = window.sessionStorage.getItem(LEFT_NOTICE_KEY);
    if (left === null) return;
    window.sessionStorage.removeItem(LEFT_NOTICE_KEY);
    setUntil(left);
  }, []);
  if (until === null) return null;
  return (
    <p role="status" className="mx-auto mt-4 max-w-2xl rounded-lg border bg-background p-4 text-center">
      {t(
        "Your account is deleted and you are signed out everywhere. It is erased for good on {{date}}; sign in before then to keep it.",
        { date: until },
      )}
    </p>
  );
}

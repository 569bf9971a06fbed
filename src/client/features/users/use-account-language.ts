/**
 * A member's language follows them (docs/features/languages-currency-impact.md point 1, "remembered per
 * user"): on a device where they sign in, the app switches to the language saved on their account, the
 * latest choice they made anywhere. A member with none saved yet gets the language the app speaks now,
 * so their emails and pushes speak it too.
 */
import { useEffect } from "react";
import { chooseLanguage, currentLanguage } from "@/client/lib/i18n";
import type { CurrentUser } from "@/contract/auth";
import { useSaveLocale } from "./api/users";

export function useAccountLanguage(user: CurrentUser | null | undefined) {
  const { mutate: saveLocale } = useSaveLocale();
  const userId = user?.id;
  const saved = user?.locale;
  useEffect(() => {
    if (!userId) return;
    // Only when the account's language changes (or on sign-in): the footer's menu saves its choice
    // after switching, and must not be switched back while that save is on its way.
    if (saved && saved !== currentLanguage()) void chooseLanguage(saved);
    else if (!saved) saveLocale(currentLanguage());
  }, [userId, saved, saveLocale]);
}

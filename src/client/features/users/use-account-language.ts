/**
 * A member's language follows them (docs/features/languages-currency-impact.md point 1, "remembered
 * per user"): on a device where they sign in, the app switches to the language saved on their
 * account, the latest choice they made anywhere. A member with none saved yet gets the language the
 * app speaks now, so their emails and pushes speak it too. A language the member picks afterwards
 * (the footer's menu, Settings) is saved on their account from here, so the menu itself carries no
 * account code into the signed-out pages.
 */
import { useEffect, useRef } from "react";
import { chooseLanguage, currentLanguage, i18n } from "@/client/lib/i18n";
import type { CurrentUser } from "@/contract/auth";
import { supportedLanguage } from "@/contract/languages";
import { useSaveLocale } from "./api/users";

export function useAccountLanguage(user: CurrentUser | null | undefined) {
  const { mutate: saveLocale } = useSaveLocale();
  const userId = user?.id;
  const saved = user?.locale;
  const savedRef = useRef(saved);
  savedRef.current = saved;
  useEffect(() => {
    if (!userId) return;
    // Only when the account's language changes (or on sign-in): a choice made on this device is
    // saved below, and must not be switched back while that save is on its way.
    if (saved && saved !== currentLanguage()) void chooseLanguage(saved);
    else if (!saved) saveLocale(currentLanguage());
  }, [userId, saved, saveLocale]);
  useEffect(() => {
    if (!userId) return;
    const onLanguageChanged = (tag: string) => {
      const chosen = supportedLanguage(tag);
      if (chosen && chosen !== savedRef.current) saveLocale(chosen);
    };
    i18n.on("languageChanged", onLanguageChanged);
    return () => i18n.off("languageChanged", onLanguageChanged);
  }, [userId, saveLocale]);
}

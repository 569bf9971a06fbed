/**
 * Display formats in the reader's language (spec §3, §9; docs/features/languages-currency-impact.md
 * points 1-2): prices in the deployment's currency with `Intl.NumberFormat` ("$7.50", "7,50 €"), pickup
 * windows and days with date-fns and the language's locale, loaded with its catalogue (./i18n.ts):
 * "Today", "Tomorrow", "Mon, Nov 24" / "lun, 24 de nov"; numbers and lists with `Intl`. `useFormat()`
 * binds them to the current language and re-renders with it.
 */
import { format, formatDistanceToNow, isToday, isTomorrow, isYesterday } from "date-fns";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { Language } from "@/contract/languages";
import { formatMoney } from "@/contract/messages";
import { deployment } from "./deployment";
import { currentLanguage, dateLocale } from "./i18n";

/** Minor units → money in the deployment's currency (spec §9: "$7.50" in English and dollars). */
export const formatPrice = (cents: number, language: Language = currentLanguage()) =>
  formatMoney(cents, language, deployment().currency);

/** ISO date-time → the language's short time: "5:30 PM", "17:30". */
export const formatTime = (iso: string, language: Language = currentLanguage()) =>
  format(new Date(iso), "p", { locale: dateLocale(language) });

/** A pickup window's times: "5:30 PM - 7:00 PM". */
export const formatWindow = (startIso: string, endIso: string, language: Language = currentLanguage()) =>
  `${formatTime(startIso, language)} - ${formatTime(endIso, language)}`;

/** Initials for an avatar: first letters of first and last name, "U" when there are none (spec §2). */
export function initials(
  user: { firstName?: string | null; lastName?: string | null } | null | undefined,
): string {
  const letters = `${user?.firstName?.[0] ?? ""}${user?.lastName?.[0] ?? ""}`.toUpperCase();
  return letters || "U";
}

/** The formats of the current language; components re-render when it changes. */
export function useFormat() {
  const { t, i18n } = useTranslation("common");
  const language = (i18n.language as Language) ?? "en";
  return useMemo(() => {
    const locale = dateLocale(language);
    const date = (iso: string | Date, pattern: string) => format(new Date(iso), pattern, { locale });
    return {
      language,
      /** A date-fns pattern the caller takes from its catalogue, so each language orders its own. */
      date,
      price: (cents: number) => formatPrice(cents, language),
      time: (iso: string) => formatTime(iso, language),
      window: (startIso: string, endIso: string) => formatWindow(startIso, endIso, language),
      /** spec §2 meal detail: "Today", "Tomorrow" or a date such as "Mon, Nov 24". */
      day: (iso: string) => {
        if (isToday(new Date(iso))) return t("Today");
        if (isTomorrow(new Date(iso))) return t("Tomorrow");
        // A date-fns pattern per language (translators: keep the letters' meaning).
        return date(iso, t("EEE, MMM d"));
      },
      /** spec §2 thread: "Today", "Yesterday" or a date, for message times. */
      messageDay: (iso: string) => {
        if (isToday(new Date(iso))) return t("Today");
        if (isYesterday(new Date(iso))) return t("Yesterday");
        return date(iso, t("MMM d, yyyy"));
      },
      /** A date with its time: "Nov 24, 2026, 5:30 PM". */
      dateTime: (iso: string) => date(iso, t("MMM d, yyyy, p")),
      /** How long ago: "5 minutes ago", "hace 5 minutos". */
      ago: (iso: string) => formatDistanceToNow(new Date(iso), { addSuffix: true, locale }),
      /** A month and year: "November 2026". */
      monthYear: (iso: string) => date(iso, t("MMMM yyyy")),
      /** A calendar day: "November 24, 2026". */
      longDate: (iso: string) => date(iso, t("MMMM d, yyyy")),
      number: (value: number, options?: Intl.NumberFormatOptions) =>
        new Intl.NumberFormat(language, options).format(value),
      /** Names for a sentence: "Peanuts and Milk", "Erdnüsse und Milch". */
      list: (names: readonly string[]) =>
        new Intl.ListFormat(language, { type: "conjunction" }).format(names),
    };
  }, [language, t]);
}

/**
 * Display formats in the reader's language and region (spec §3, §9; docs/features/languages-currency-impact.md
 * points 1-2 and "Locale regions"): prices in the deployment's currency by its own symbol ("$7.50",
 * "£7.50", "7,50 €"), dates and times with `Intl.DateTimeFormat` in the member's region ("Mon, Nov 24"
 * in en-US, "Mon 24 Nov" in en-GB, "Mo., 24. Nov." in German), "Today" and "Tomorrow" from the
 * catalogue, how long ago with date-fns (its language's tables, loaded with the catalogue: ./i18n.ts),
 * numbers and lists with `Intl`. `useFormat()` binds them to the current language and region and
 * re-renders with either.
 */
import { tz } from "@date-fns/tz";
import { formatDistanceToNow, isToday, isTomorrow, isYesterday } from "date-fns";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { Language } from "@/contract/languages";
import { formatMoney } from "@/contract/messages";
import { deployment } from "./deployment";
import { dateLocale } from "./i18n";
import { useFormatLocale } from "./region";

/** Initials for an avatar: first letters of first and last name, "U" when there are none (spec §2). */
export function initials(
  user: { firstName?: string | null; lastName?: string | null } | null | undefined,
): string {
  const letters = `${user?.firstName?.[0] ?? ""}${user?.lastName?.[0] ?? ""}`.toUpperCase();
  return letters || "U";
}

/** The ways a date is written, each as Intl's options (the region orders the parts). */
const DATE_STYLES = {
  time: { timeStyle: "short" },
  weekdayDay: { weekday: "short", month: "short", day: "numeric" },
  day: { month: "short", day: "numeric", year: "numeric" },
  dateTime: { dateStyle: "medium", timeStyle: "short" },
  fullDateTime: { dateStyle: "full", timeStyle: "short" },
  monthYear: { month: "long", year: "numeric" },
  longDate: { dateStyle: "long" },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

/**
 * The time zone times are drawn in: the device's own (undefined) in a browser; on the server, while it
 * draws a first screen, the zone its browser keeps in a cookie (src/client/server-render.tsx,
 * docs/decisions/019), so the browser's hydration reads the same times.
 */
let drawingZone: string | undefined;

/**
 * Draws times in `zone` (an IANA name) from now on, or in the device's own zone when undefined: the
 * server's render of a first screen sets its browser's.
 */
export function drawTimesIn(zone: string | undefined): void {
  drawingZone = zone;
}

/** `isToday`'s and its kin's options: the day as it is in the zone times are drawn in. */
const inZone = () => (drawingZone ? { in: tz(drawingZone) } : undefined);

/** Intl's formatters are slow to make and every meal card formats: one per region and style. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(locale: string, style: keyof typeof DATE_STYLES): Intl.DateTimeFormat {
  const key = `${locale} ${style} ${drawingZone ?? ""}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(locale, { ...DATE_STYLES[style], timeZone: drawingZone });
    formatters.set(key, made);
  }
  return made;
}

/** The formats of the current language and region; components re-render when either changes. */
export function useFormat() {
  const { t, i18n } = useTranslation("common");
  const language = (i18n.language as Language) ?? "en";
  const locale = useFormatLocale(language);
  return useMemo(() => {
    const write = (style: keyof typeof DATE_STYLES) => (iso: string | Date) =>
      formatterOf(locale, style).format(new Date(iso));
    const time = write("time");
    const day = (iso: string) => {
      if (isToday(new Date(iso), inZone())) return t("Today");
      if (isTomorrow(new Date(iso), inZone())) return t("Tomorrow");
      return formatterOf(locale, "weekdayDay").format(new Date(iso));
    };
    return {
      language,
      /** The BCP 47 tag dates and numbers are written in ("en-GB"). */
      locale,
      price: (cents: number) => formatMoney(cents, locale, deployment().currency),
      /** "5:30 PM", "17:30". */
      time,
      /** A pickup window's times: "5:30 PM - 7:00 PM". */
      window: (startIso: string, endIso: string) => `${time(startIso)} - ${time(endIso)}`,
      /** spec §2 meal detail: "Today", "Tomorrow" or a date such as "Mon, Nov 24". */
      day,
      /**
       * A moment near now as a page's pickup times say it: "Today, 8:00 PM", "Mon, Nov 24, 17:30" — so
       * a draw's time and a pickup window on one page read alike (docs/features/everyday-journey.md).
       */
      when: (iso: string) => `${day(iso)}, ${time(iso)}`,
      /** spec §2 thread: "Today", "Yesterday" or a date, for message times. */
      messageDay: (iso: string) => {
        if (isToday(new Date(iso), inZone())) return t("Today");
        if (isYesterday(new Date(iso), inZone())) return t("Yesterday");
        return formatterOf(locale, "day").format(new Date(iso));
      },
      /** A date with its time: "Nov 24, 2026, 5:30 PM", "24 Nov 2026, 17:30". */
      dateTime: write("dateTime"),
      /** The weekday too: "Tuesday, November 24, 2026 at 5:30 PM". */
      fullDateTime: write("fullDateTime"),
      /** How long ago: "5 minutes ago", "hace 5 minutos". */
      ago: (iso: string) =>
        formatDistanceToNow(new Date(iso), { addSuffix: true, locale: dateLocale(language) }),
      /** A month and year: "November 2026". */
      monthYear: write("monthYear"),
      /** A calendar day: "November 24, 2026", "24 November 2026". */
      longDate: write("longDate"),
      number: (value: number, options?: Intl.NumberFormatOptions) =>
        new Intl.NumberFormat(locale, options).format(value),
      /** Names for a sentence: "Peanuts and Milk", "Erdnüsse und Milch". */
      list: (names: readonly string[]) => new Intl.ListFormat(locale, { type: "conjunction" }).format(names),
    };
  }, [language, locale, t]);
}

/**
 * "Skip to content": the first stop of the keyboard on every page, hidden until focused, so a
 * keyboard or switch user passes the header in one key (WCAG 2.4.1 "Bypass Blocks";
 * docs/features/everyday-journey.md). Pairs with `MAIN_ID` on the page's `<main>`.
 */
import { useTranslation } from "react-i18next";

/** The id of the page's `<main>`, the link's target. */
export const MAIN_ID = "main";

export function SkipLink() {
  const { t } = useTranslation("common");
  return (
    <a
      href={`#${MAIN_ID}`}
      className="sr-only focus:not-sr-only focus:fixed focus:start-2 focus:top-2 focus:z-[1200] focus:rounded-md focus:bg-background focus:px-4 focus:py-2 focus:font-medium focus:shadow-lg focus:outline focus:outline-2 focus:outline-primary"
    >
      {t("Skip to content")}
    </a>
  );
}

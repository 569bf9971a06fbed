/**
 * The language menu (docs/features/languages-currency-impact.md point 1), in the footer and in Settings:
 * each language named in its own words. The choice is remembered on this device, and for a member also
 * on their account (features/users/use-account-language.ts), so their other devices and emails follow.
 */
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { chooseLanguage } from "@/client/lib/i18n";
import { cn } from "@/client/lib/utils";
import { LANGUAGE_NAMES, LANGUAGES, type Language, supportedLanguage } from "@/contract/languages";
import { TRANSLATION_SHARES } from "@/contract/translation-shares";

/**
 * A language's name in its own words, with how much of the app it has translated when that is not
 * all of it (as foodsharing.de's menu does): the rest reads in English, text by text.
 */
function optionLabel(language: Language, say: (share: string) => string, percent: Intl.NumberFormat): string {
  const share = TRANSLATION_SHARES[language] ?? 0;
  return share >= 100 ? LANGUAGE_NAMES[language] : say(percent.format(share / 100));
}

export function LanguageSelect({
  className,
  tone = "light",
}: {
  className?: string;
  tone?: "light" | "dark";
}) {
  const { t, i18n } = useTranslation("common");
  const id = useId();
  const current = supportedLanguage(i18n.language) ?? "en";
  const percent = new Intl.NumberFormat(current, { style: "percent" });
  return (
    <div className={cn("flex items-center gap-2 text-sm", className)}>
      <label htmlFor={id}>{t("Language")}</label>
      <select
        id={id}
        value={current}
        onChange={(event) => void chooseLanguage(event.target.value as Language)}
        className={cn(
          "h-9 rounded-md border px-2",
          tone === "dark" ? "border-green-700 bg-green-900 text-green-50" : "border-input bg-background",
        )}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {optionLabel(
              language,
              (share) =>
                t("{{language}} ({{share}} translated)", { language: LANGUAGE_NAMES[language], share }),
              percent,
            )}
          </option>
        ))}
      </select>
    </div>
  );
}

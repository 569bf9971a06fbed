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

export function LanguageSelect({
  className,
  tone = "light",
}: {
  className?: string;
  tone?: "light" | "dark";
}) {
  const { t, i18n } = useTranslation("common");
  const id = useId();
  return (
    <div className={cn("flex items-center gap-2 text-sm", className)}>
      <label htmlFor={id}>{t("Language")}</label>
      <select
        id={id}
        value={supportedLanguage(i18n.language) ?? "en"}
        onChange={(event) => void chooseLanguage(event.target.value as Language)}
        className={cn(
          "h-9 rounded-md border px-2",
          tone === "dark" ? "border-green-700 bg-green-900 text-green-50" : "border-input bg-background",
        )}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </div>
  );
}

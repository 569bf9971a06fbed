/**
 * "How will you pay?" on a meal whose cook takes both card in the app and cash at pickup
 * (docs/decisions/022): the eater chooses before asking.
 */
import { useTranslation } from "react-i18next";

export function PayByChoice({
  value,
  onChange,
  disabled,
}: {
  value: "cash" | "card";
  onChange: (value: "cash" | "card") => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation("app");
  const options = [
    ["card", t("Card in the app, held until pickup")],
    ["cash", t("Cash at pickup")],
  ] as const;
  return (
    <fieldset className="flex flex-col gap-2" data-testid="pay-by">
      <legend className="text-sm font-medium">{t("How will you pay?")}</legend>
      {options.map(([way, label]) => (
        <label key={way} className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name="pay-by"
            value={way}
            checked={value === way}
            disabled={disabled}
            onChange={() => onChange(way)}
            className="h-4 w-4 accent-green-700"
          />
          {label}
        </label>
      ))}
    </fieldset>
  );
}

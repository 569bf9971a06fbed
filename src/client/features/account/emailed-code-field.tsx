/**
 * The field for a code MealShare emailed (docs/decisions/016): labelled with the address it went to,
 * numeric on a phone, filled by the browser from the message where it can (`one-time-code`). Six
 * digits; a space in the middle is allowed, as people copy it.
 */
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";

export function EmailedCodeField({
  sentTo,
  value,
  onChange,
}: {
  sentTo: string;
  value: string;
  onChange: (code: string) => void;
}) {
  const { t } = useTranslation("app");
  const id = useId();
  return (
    <div className="flex flex-1 flex-col gap-1">
      <Label htmlFor={id}>{t("Code sent to {{email}}", { email: sentTo })}</Label>
      <Input
        id={id}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9 ]{6,7}"
        maxLength={7}
        required
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

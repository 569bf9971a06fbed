import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";

/**
 * "How many portions?" for a request or a place on the waiting list (spec §2 "Meal detail";
 * docs/features/households.md point 1): a whole number from 1 to `max`, whatever is typed.
 */
export function PortionsField({
  max,
  value,
  onChange,
  disabled,
}: {
  max: number;
  value: number;
  onChange: (portions: number) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation("app");
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <Label htmlFor={id}>{t("How many portions?")}</Label>
      <Input
        id={id}
        type="number"
        min={1}
        max={Math.max(1, max)}
        value={value}
        onChange={(event) => onChange(Math.max(1, Math.min(max, Number(event.target.value) || 1)))}
        className="w-24"
        disabled={disabled}
      />
    </div>
  );
}

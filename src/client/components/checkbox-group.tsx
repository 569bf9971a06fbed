/**
 * A labelled group of checkboxes registered as one array field of react-hook-form (allergens,
 * diet tags): a fieldset with its legend, an optional hint, and the field's error line.
 */
import type { UseFormRegisterReturn } from "react-hook-form";
import { FieldError } from "@/client/components/ui/field-error";
import { useMessages } from "@/client/lib/messages";

/**
 * A fieldset of checkboxes, one per code, registered as one array field of react-hook-form.
 * @param idPrefix keeps ids unique when the group appears twice on a page
 */
export function CheckboxGroup({
  legend,
  options,
  registration,
  error,
  errorId,
  hint,
  idPrefix = "",
}: {
  legend: string;
  options: readonly { code: string; name: string }[];
  registration: UseFormRegisterReturn;
  error?: string;
  errorId: string;
  hint?: string;
  idPrefix?: string;
}) {
  const say = useMessages();
  return (
    <fieldset
      className="flex flex-col gap-2"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${errorId}-error` : undefined}
    >
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
      <div className="grid gap-x-4 gap-y-2 sm:grid-cols-2">
        {options.map((option) => (
          <label
            key={option.code}
            className="flex items-center gap-2 text-sm"
            htmlFor={`${idPrefix}${option.code}`}
          >
            <input
              id={`${idPrefix}${option.code}`}
              type="checkbox"
              value={option.code}
              className="h-4 w-4 accent-green-700"
              {...registration}
            />
            {say(option.name)}
          </label>
        ))}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}

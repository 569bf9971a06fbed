/**
 * One labelled form control with its error line: the label names the control, and the control
 * (given `fieldAria(id, error)`) points at the error, so a screen reader says which field is wrong
 * (docs/features/safety-and-admin.md "Accessibility"). The shared shape of every form's fields.
 */
import type { ReactNode } from "react";
import { FieldError } from "@/client/components/ui/field-error";
import { Label } from "@/client/components/ui/label";
import { cn } from "@/client/lib/utils";

export function FormField({
  id,
  label,
  error,
  className,
  children,
}: {
  /** The control's id (spread `fieldAria(id, error)` on it). */
  id: string;
  label: ReactNode;
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn("flex flex-col gap-1", className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      <FieldError id={id} message={error} />
    </div>
  );
}

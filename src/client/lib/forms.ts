/**
 * The one way a server's field errors reach a form: docs/DESIGN.md §4 error answers carry
 * `errors: {field: message}`, and each goes under its field (react-hook-form's `setError`), where
 * `FieldError` reads it out.
 */
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiError } from "./api-client";

/**
 * Puts an `ApiError`'s field errors on the form's fields.
 * @param fields the form's field names; errors for other fields (not on this form) are left out
 * @returns whether any field error was set
 */
export function applyServerErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  fields?: readonly string[],
): boolean {
  if (!(error instanceof ApiError)) return false;
  let applied = false;
  for (const [name, message] of Object.entries(error.errors)) {
    if (fields && !fields.includes(name)) continue;
    setError(name as Path<T>, { type: "server", message });
    applied = true;
  }
  return applied;
}

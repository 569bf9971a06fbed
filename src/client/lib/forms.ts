/**
 * The one way a server's field errors reach a form: docs/DESIGN.md §4 error answers carry
 * `errors: {field: message}`, and each goes under its field (react-hook-form's `setError`), where
 * `FieldError` reads it out.
 */
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiError } from "./api-client";

/**
 * Puts an `ApiError`'s field errors on the form's fields; anything else is left to the mutation's
 * error toast (`lib/query-client.ts`).
 * @param fieldOf the form field an API field is typed in, where the names differ (the API's
 *   `priceCents` is the form's `price`); the API's name otherwise
 * @returns whether any field error was set
 */
export function applyServerErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  fieldOf: (apiField: string) => string = (apiField) => apiField,
): boolean {
  if (!(error instanceof ApiError)) return false;
  let applied = false;
  for (const [name, message] of Object.entries(error.errors)) {
    setError(fieldOf(name) as Path<T>, { type: "server", message });
    applied = true;
  }
  return applied;
}

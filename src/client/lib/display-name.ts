/**
 * How a member is named on screen: first and last name, or "A neighbour" for someone who gave
 * neither. One rule for threads, cards, profiles and lists.
 */
import { useCallback } from "react";
import { useTranslation } from "react-i18next";

/** The parts of a member a name is made of. */
export interface Named {
  firstName: string;
  lastName: string;
}

/** Returns a function that names a member in the app's language. */
export function useDisplayName(): (user: Named) => string {
  const { t } = useTranslation("app");
  return useCallback((user: Named) => `${user.firstName} ${user.lastName}`.trim() || t("A neighbour"), [t]);
}

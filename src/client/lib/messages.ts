/**
 * The server's and the contract's words in the reader's language
 * (docs/features/languages-currency-impact.md point 1): zod messages of the forms, labels the contract
 * keeps (allergens, statuses, star labels), and notifications, from the `messages` catalogue the server
 * also uses. Messages with values (`msg()` with params, a notification's key and values) are filled in,
 * money in the deployment's currency.
 */
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { type MessageParams, messageKey, messageValues } from "@/contract/messages";
import { deployment } from "./deployment";

/** A function that says a message in the current language. */
export type Say = (text: string, params?: MessageParams | null) => string;

/** `say(text)`: a contract or server message in the current language (loads the catalogue). */
export function useMessages(): Say {
  const { t, i18n } = useTranslation("messages");
  const language = i18n.language;
  return useCallback(
    (text, params) => {
      const { key, params: made } = messageKey(text);
      return t(key, messageValues({ ...made, ...(params ?? {}) }, language, deployment().currency));
    },
    [t, language],
  );
}

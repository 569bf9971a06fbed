/**
 * The help page's "New to MealShare" (docs/decisions/020 "Limits"): the limits a newcomer has, with this
 * deployment's numbers, what lifts them, and how a member comes to be trusted — published, not hidden.
 */
import { useTranslation } from "react-i18next";
import { deployment } from "@/client/lib/deployment";
import { useMessages } from "@/client/lib/messages";
import { NEWCOMER_LIMITS, newcomerLimitText, TRUSTED_PARTNERS } from "@/contract/plain/trust";

export function NewcomerLimits() {
  const { t } = useTranslation("info");
  const say = useMessages();
  const limits = deployment().newcomerLimits;
  return (
    <div className="flex flex-col gap-3">
      <p>
        {t(
          "Anyone can join in a minute, so a few things wait until a neighbour's first completed pickup. Until then:",
        )}
      </p>
      {limits && (
        <ul className="list-disc ps-6">
          {NEWCOMER_LIMITS.map((limit) => (
            <li key={limit}>{say(newcomerLimitText(limit, limits[limit]))}</li>
          ))}
        </ul>
      )}
      <p>
        {t(
          "Texts that ask for money, carry a payment link or move the talk off MealShare are held for a quick check before anyone reads them; a moderator lets them through or removes them.",
        )}
      </p>
      <p>
        {t(
          "A member with completed exchanges with {{count}} different neighbours, and a good word from a trusted member they exchanged with, becomes trusted. Cooks see how many exchanges someone has, never a score.",
          { count: TRUSTED_PARTNERS },
        )}
      </p>
    </div>
  );
}

/**
 * How a request is paid (docs/decisions/022): cash at pickup, or card in the app where it is set up.
 */
import { msg } from "../../../contract/messages";
import type { Executor } from "../../db/client";
import { conflict } from "../../errors";
import { takesCards } from "../payments";

/**
 * How a request for `meal` is paid (docs/decisions/022): card only where payments are set up, the meal
 * offers it and its cook's account takes cards; otherwise cash. The eater's choice where both are offered.
 * @throws AppError 409 `pay_by` for a way the meal does not offer
 */
export async function payByFor(
  tx: Executor,
  meal: { kind: string; ownerId: string; paymentWays: "cash" | "card" | "both" },
  asked: "cash" | "card" | undefined,
  cardPayments: boolean,
): Promise<"cash" | "card"> {
  const ways =
    cardPayments &&
    meal.kind === "paid" &&
    meal.paymentWays !== "cash" &&
    (await takesCards(tx, meal.ownerId))
      ? meal.paymentWays
      : "cash";
  const payBy = asked ?? (ways === "card" ? "card" : "cash");
  if (payBy === "card" && ways === "cash")
    throw conflict(msg("This meal is paid in cash at pickup."), "pay_by");
  if (payBy === "cash" && ways === "card")
    throw conflict(msg("This meal is paid by card in the app."), "pay_by");
  return payBy;
}

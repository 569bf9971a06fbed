/**
 * The one way a server decision becomes an ability the client reads (contract/abilities.ts): allowed,
 * or the refusal the endpoint would answer — its code, and its message as a catalogue key with values.
 */
import type { Ability } from "../contract/abilities";
import { messageKey } from "../contract/messages";
import type { AppError } from "./errors";

/** Allowed. */
export const ALLOWED: Ability = { allowed: true, refusal: null };

/** An ability from a refusal (null: allowed). */
export function abilityOf(refusal: AppError | null): Ability {
  if (!refusal) return ALLOWED;
  const { key, params } = messageKey(refusal.key);
  return { allowed: false, refusal: { code: refusal.code, key, params: { ...params, ...refusal.params } } };
}

/**
 * The endpoint's side of an ability: the same refusal the presenter sent as `abilities`, thrown.
 * @throws AppError the refusal, when there is one
 */
export function authorize(refusal: AppError | null): void {
  if (refusal) throw refusal;
}

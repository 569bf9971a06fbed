/**
 * The one shape of "may the viewer do this?" on every resource the server sends (docs/ARCHITECTURE.md
 * "Where to find a rule"): allowed, or the refusal the server would answer — its `code` and its message
 * as a catalogue key with its values, so the page says it in the viewer's language. A page shows exactly
 * these and re-derives nothing.
 */
import { z } from "zod";

/** Why something is not allowed: the error's code and its message as a catalogue key with values. */
export const refusalSchema = z.object({
  code: z.string(),
  key: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type Refusal = z.infer<typeof refusalSchema>;

/** One ability: allowed, or its refusal. */
export const abilitySchema = z.object({
  allowed: z.boolean(),
  refusal: refusalSchema.nullable(),
});
export type Ability = z.infer<typeof abilitySchema>;

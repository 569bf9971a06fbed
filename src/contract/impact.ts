/**
 * What a neighbourhood achieved together (docs/features/languages-currency-impact.md "Impact"): the
 * counts, and the estimates made from them with the factors stated, sourced, and shown on the page.
 */
import { z } from "zod";
import { msg } from "./messages";

/**
 * Assumed weight of one portion, in kg. An assumption, shown as such: a main-meal portion of
 * cooked food is typically 300–500 g.
 */
export const PORTION_KG = 0.4;

/**
 * Greenhouse-gas emissions associated with 1 kg of food wasted, in kg CO2e: WRAP estimates UK
 * post-farm-gate food waste at about 10 million tonnes a year, associated with about 20 million
 * tonnes of GHG emissions (WRAP, "Estimates of Food Surplus and Waste Arisings in the UK", 2017),
 * i.e. about 2 kg CO2e per kg.
 */
export const CO2E_KG_PER_KG_FOOD = 2;

export const IMPACT_SOURCES = [
  {
    label: msg("WRAP (2017), Estimates of Food Surplus and Waste Arisings in the UK"),
    url: "https://wrap.org.uk/",
  },
] as const;

/** `GET /api/impact`: public, for the /impact page and Home's card. */
export const impactSchema = z.object({
  mealsShared: z.number().int(),
  /** Completed requests: cancelled and declined ones do not count. */
  portionsPickedUp: z.number().int(),
  neighboursShared: z.number().int(),
  /** portionsPickedUp × PORTION_KG, one decimal. */
  foodSavedKg: z.number(),
  /** foodSavedKg × CO2E_KG_PER_KG_FOOD, one decimal. */
  co2eAvoidedKg: z.number(),
  factors: z.object({ portionKg: z.number(), co2eKgPerKgFood: z.number() }),
});
export type Impact = z.infer<typeof impactSchema>;

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/** The page's numbers from the three counts. */
export function impactOf(counts: {
  mealsShared: number;
  portionsPickedUp: number;
  neighboursShared: number;
}): Impact {
  const foodSavedKg = oneDecimal(counts.portionsPickedUp * PORTION_KG);
  return {
    ...counts,
    foodSavedKg,
    co2eAvoidedKg: oneDecimal(counts.portionsPickedUp * PORTION_KG * CO2E_KG_PER_KG_FOOD),
    factors: { portionKg: PORTION_KG, co2eKgPerKgFood: CO2E_KG_PER_KG_FOOD },
  };
}

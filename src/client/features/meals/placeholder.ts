/**
 * The look of a meal without a photo (docs/features/everyday-journey.md: every photo-less meal showed
 * the same mint plate, and the catalogue looked empty): a dish kind guessed from words in the title
 * picks the icon, and the title itself picks one of a few warm colours, so neighbouring cards differ and
 * a meal always looks the same.
 */

/** Icon names (lucide-react) for the kinds of dish a title may name. */
export type DishIcon =
  | "Soup"
  | "Salad"
  | "CakeSlice"
  | "Croissant"
  | "Pizza"
  | "Fish"
  | "Drumstick"
  | "Egg"
  | "Sandwich"
  | "CookingPot"
  | "Apple"
  | "UtensilsCrossed";

const KINDS: [RegExp, DishIcon][] = [
  [/soup|stew|dal\b|broth|ramen|pho\b|laksa|chowder|chili|chilli|goulash/i, "Soup"],
  [/salad|slaw|tabbouleh/i, "Salad"],
  [/cake|brownie|cookie|crumble|\bpie\b|tart|muffin|dessert|brûlée|brulee|pudding|flan/i, "CakeSlice"],
  [/bread|loaf|\bbuns?\b|bagel|croissant|focaccia|scone/i, "Croissant"],
  [/pizza|calzone/i, "Pizza"],
  [/fish|salmon|tuna|\bcod\b|prawn|shrimp/i, "Fish"],
  [/chicken|beef|lamb|pork|meat|sausage|mole/i, "Drumstick"],
  [/\beggs?\b|frittata|quiche|omelette|shakshuka/i, "Egg"],
  [/sandwich|wrap|burrito|taco|tamale|empanada/i, "Sandwich"],
  [/curry|rice|biryani|paella|risotto|pasta|lasagne|lasagna|noodle|gnocchi|bake|casserole/i, "CookingPot"],
  [/apple|fruit|banana|berr|jam|horchata|juice|smoothie/i, "Apple"],
];

/** Background and icon colours (oklch), warm and readable together. */
const COLOURS: [string, string][] = [
  ["oklch(0.93 0.05 75)", "oklch(0.45 0.1 60)"],
  ["oklch(0.92 0.05 30)", "oklch(0.45 0.12 30)"],
  ["oklch(0.93 0.05 145)", "oklch(0.42 0.1 150)"],
  ["oklch(0.92 0.04 250)", "oklch(0.42 0.09 255)"],
  ["oklch(0.93 0.05 330)", "oklch(0.44 0.11 340)"],
  ["oklch(0.94 0.06 100)", "oklch(0.45 0.1 95)"],
];

/** A stable small number from a string (FNV-1a). */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (const char of text) {
    h ^= char.codePointAt(0) ?? 0;
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * The placeholder of a meal titled `title`.
 * @returns the icon's name and the background and foreground colours (CSS colours)
 */
export function placeholderFor(title: string): { icon: DishIcon; background: string; foreground: string } {
  // eslint-disable-next-line i18next/no-literal-string -- an icon's name, not words
  const icon = KINDS.find(([words]) => words.test(title))?.[1] ?? "UtensilsCrossed";
  const [background, foreground] = COLOURS[hash(title.trim().toLowerCase()) % COLOURS.length];
  return { icon, background, foreground };
}

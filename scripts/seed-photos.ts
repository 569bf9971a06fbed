/**
 * Photos for the seeded meals (docs/features/everyday-journey.md: a fresh demo should look alive): a
 * simple illustration of a dish — a plate on a table of the dish's colour, with food and garnish — drawn
 * as SVG and rendered by sharp, then stored exactly as an upload would be (the same 1600 px / 400 px
 * WebP pipeline), owned by the meal's cook.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import type { Config } from "../src/server/config";
import type { Db } from "../src/server/db/client";
import { meals, photos } from "../src/server/db/schema";
import { processPhoto } from "../src/server/features/photos/service";
import { createStorage } from "../src/server/storage/storage";

/** A number in [0, 1) from a string and a salt, the same every run. */
function unit(text: string, salt: number): number {
  let h = 0x811c9dc5 ^ salt;
  for (const char of text) h = Math.imul(h ^ (char.codePointAt(0) ?? 0), 0x01000193);
  return ((h >>> 0) % 10_000) / 10_000;
}

/** An SVG illustration of a dish called `title`, 1200 × 900. */
export function dishIllustration(title: string): string {
  const hue = Math.round(unit(title, 1) * 360);
  const foodHue = Math.round(10 + unit(title, 2) * 45);
  const blobs = Array.from({ length: 7 }, (_, i) => {
    const angle = unit(title, 10 + i) * Math.PI * 2;
    const radius = 40 + unit(title, 20 + i) * 110;
    const size = 60 + unit(title, 30 + i) * 70;
    const light = 45 + unit(title, 40 + i) * 25;
    return `<circle cx="${600 + Math.cos(angle) * radius}" cy="${450 + Math.sin(angle) * radius}" r="${size}" fill="hsl(${foodHue + i * 6} 60% ${light}%)"/>`;
  }).join("");
  const garnish = Array.from({ length: 12 }, (_, i) => {
    const angle = unit(title, 50 + i) * Math.PI * 2;
    const radius = 30 + unit(title, 60 + i) * 170;
    return `<ellipse cx="${600 + Math.cos(angle) * radius}" cy="${450 + Math.sin(angle) * radius}" rx="14" ry="7" transform="rotate(${Math.round(unit(title, 70 + i) * 180)} ${600 + Math.cos(angle) * radius} ${450 + Math.sin(angle) * radius})" fill="hsl(120 45% 38%)"/>`;
  }).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900" viewBox="0 0 1200 900">
  <defs>
    <radialGradient id="table" cx="50%" cy="40%" r="75%">
      <stop offset="0" stop-color="hsl(${hue} 45% 88%)"/><stop offset="1" stop-color="hsl(${hue} 35% 70%)"/>
    </radialGradient>
    <radialGradient id="plate" cx="45%" cy="40%" r="60%">
      <stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#e8e8e8"/>
    </radialGradient>
  </defs>
  <rect width="1200" height="900" fill="url(#table)"/>
  <ellipse cx="610" cy="470" rx="330" ry="320" fill="rgba(0,0,0,0.12)"/>
  <circle cx="600" cy="450" r="320" fill="url(#plate)"/>
  <circle cx="600" cy="450" r="250" fill="none" stroke="#dcdcdc" stroke-width="6"/>
  ${blobs}${garnish}
  <rect x="150" y="250" width="22" height="420" rx="11" fill="#b9b9b9"/>
  <rect x="1030" y="250" width="22" height="420" rx="11" fill="#b9b9b9"/>
</svg>`;
}

/**
 * Gives each meal a generated photo, stored like an upload and owned by its cook.
 * @param seeded the meals the seed inserted
 */
export async function addSeedPhotos(
  db: Db,
  config: Config,
  seeded: { id: string; ownerId: string; title: string }[],
): Promise<void> {
  const storage = createStorage(config);
  for (const meal of seeded) {
    // Rendered to a PNG first: the upload pipeline takes photos (JPEG, PNG, WebP, HEIC), not SVG.
    const png = await sharp(Buffer.from(dishIllustration(meal.title)))
      .png()
      .toBuffer();
    const { full, thumbnail } = await processPhoto(png);
    const id = randomUUID();
    await storage.write(`photos/${id}.webp`, full, "image/webp");
    await storage.write(`photos/${id}-400.webp`, thumbnail, "image/webp");
    await db.insert(photos).values({ id, userId: meal.ownerId });
    await db
      .update(meals)
      .set({ photoPath: `/objects/photos/${id}.webp` })
      .where(eq(meals.id, meal.id));
  }
}

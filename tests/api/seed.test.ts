/**
 * `npm run seed` (docs/features/everyday-journey.md): a fresh demo whose meals have real-looking photos;
 * docs/features/neighbourhood.md point 3: placed, every neighbour with a home area, and only registered
 * cooks selling.
 */
import { execFile } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { count, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { SEED_WORDS } from "../../scripts/seed-words";
import { openDatabase } from "../../src/server/db/client";
import { meals, photos, users } from "../../src/server/db/schema";
import { createTestApp, migratedDataDir, testDatabaseKind } from "./harness";
import { signInThroughProvider } from "./oidc-flow";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");

describe.runIf(testDatabaseKind() === "pglite")("npm run seed", () => {
  let dataDir = "";
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("gives every seeded meal its own stored photo, owned by its cook", async () => {
    dataDir = await migratedDataDir("mealshare-seed-");
    await run(process.execPath, ["--import", "tsx", "scripts/seed.ts"], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, MAP_CENTER: "52.52,13.405,9" },
    });
    const database = await openDatabase({ dataDir });
    try {
      const seeded = await database.db.select().from(meals);
      const owners = new Map(
        (await database.db.select().from(photos)).map((photo) => [photo.id, photo.userId]),
      );
      expect(seeded).toHaveLength(14);
      const paths = new Set(seeded.map((meal) => meal.photoPath));
      expect(paths.size).toBe(14);
      for (const meal of seeded) {
        const id = /^\/objects\/photos\/([0-9a-f-]{36})\.webp$/.exec(meal.photoPath ?? "")?.[1];
        expect(id, meal.title).toBeDefined();
        expect(owners.get(id!)).toBe(meal.ownerId);
        for (const file of [`${id}.webp`, `${id}-400.webp`]) {
          expect(existsSync(path.join(dataDir, "objects/photos", file))).toBe(true);
        }
      }
      // Placed around MAP_CENTER whatever its zoom, picked up at their cooks' homes and shown to
      // others 150–250 m away; only registered cooks sell.
      const people = new Map((await database.db.select().from(users)).map((user) => [user.id, user]));
      for (const meal of seeded) {
        const cook = people.get(meal.ownerId)!;
        expect([meal.pickupLatitude, meal.pickupLongitude], meal.title).toEqual([
          cook.homeLatitude,
          cook.homeLongitude,
        ]);
        const shownMetres = Math.hypot(
          (meal.latitude! - cook.homeLatitude!) * 111_320,
          (meal.longitude! - cook.homeLongitude!) * 111_320 * Math.cos((cook.homeLatitude! * Math.PI) / 180),
        );
        expect(shownMetres, meal.title).toBeGreaterThan(140);
        expect(shownMetres, meal.title).toBeLessThan(260);
        expect(Math.abs(meal.latitude! - 52.52) + Math.abs(meal.longitude! - 13.405)).toBeLessThan(0.02);
        if (meal.kind === "paid") expect(cook.isRegisteredCook, meal.title).toBe(true);
        // The meal form's own rules: the public location says roughly where, never the door (no
        // number, flat or bell); the door is a pickup detail; allergens and food details are given.
        expect(meal.pickupLocation, meal.title).not.toMatch(/\d|flat|door|ring/i);
        expect(meal.pickupDetails, meal.title).toMatch(/\S/);
        expect(meal.allergenCodes.length > 0 || meal.noMajorAllergens, meal.title).toBe(true);
        expect([meal.preparedAt, meal.storage], meal.title).not.toContain(null);
      }
      expect([...people.values()].every((user) => user.homeLatitude !== null)).toBe(true);
    } finally {
      await database.close();
    }
  }, 120_000);

  it("speaks the deployment's language: a German neighbourhood by the same rules, every text translated", async () => {
    const germanDir = await migratedDataDir("mealshare-seed-de-");
    try {
      await run(process.execPath, ["--import", "tsx", "scripts/seed.ts"], {
        cwd: root,
        env: { ...process.env, DATA_DIR: germanDir, MAP_CENTER: "52.52,13.405,9", DEFAULT_LOCALE: "de" },
      });
      const database = await openDatabase({ dataDir: germanDir });
      try {
        const seeded = await database.db.select().from(meals);
        expect(seeded.map((meal) => meal.title)).toContain("Hähnchen-Mole mit Reis");
        const german = new Set(Object.values(SEED_WORDS.de ?? {}));
        for (const meal of seeded) {
          // Each text is a German one: none fell back to its English.
          for (const text of [
            meal.title,
            meal.description,
            meal.ingredients,
            meal.pickupLocation,
            meal.pickupDetails,
          ]) {
            expect(german.has(text ?? ""), text ?? "").toBe(true);
          }
          expect(meal.pickupLocation, meal.title).not.toMatch(/\d|Wohnung|Tür|klingeln/i);
          expect(meal.allergenCodes.length > 0 || meal.noMajorAllergens, meal.title).toBe(true);
        }
      } finally {
        await database.close();
      }
    } finally {
      rmSync(germanDir, { recursive: true, force: true });
    }
  }, 120_000);

  it("keeps each seeded neighbour theirs when the server starts on another port (one email, one member)", async () => {
    const seededDir = await migratedDataDir("mealshare-seed-port-");
    try {
      // Seeded as `npm run seed` does, at the default address (port 5000)…
      await run(process.execPath, ["--import", "tsx", "scripts/seed.ts"], {
        cwd: root,
        env: { ...process.env, DATA_DIR: seededDir, PORT: "5000" },
      });
      const database = await openDatabase({ dataDir: seededDir });
      // …then served on another port, as `PORT=5300 npm start` would.
      const app = await createTestApp({ listen: true, database });
      try {
        expect(app.config.publicUrl).not.toContain(":5000");
        const seeded = await database.db
          .select()
          .from(users)
          .where(eq(users.email, "maria.lopez@example.org"));
        const { jar } = await signInThroughProvider(app.config.publicUrl, {
          email: "Maria.Lopez@example.org",
          firstName: "Maria",
          lastName: "Lopez",
        });
        const me = await fetch(`${app.config.publicUrl}/api/auth/user`, {
          headers: { cookie: jar.header() },
        });
        expect((await me.json()).id).toBe(seeded[0].id);
        const [{ n }] = await database.db.select({ n: count() }).from(users);
        expect(n).toBe(5);
        // Her seeded meals are still on her profile.
        const mine = await fetch(`${app.config.publicUrl}/api/users/${seeded[0].id}/meals`, {
          headers: { cookie: jar.header() },
        });
        expect(mine.status).toBe(200);
        expect(JSON.stringify(await mine.json())).toContain("Chicken mole");
      } finally {
        await app.close();
        await database.close();
      }
    } finally {
      rmSync(seededDir, { recursive: true, force: true });
    }
  }, 120_000);
});

/**
 * `npm run seed`: fills an EMPTY database with a believable neighbourhood: five neighbours (two of
 * them registered cooks with current certificates, who alone sell), fourteen meals of both kinds with
 * future pickup windows, three events. Each neighbour has a home area and each meal a pickup point, a
 * few streets apart around the deployment's `MAP_CENTER` (docs/features/neighbourhood.md point 3) at
 * whatever zoom it is set, or around central London while MAP_CENTER is left at its default view of
 * the world (docs/features/everyday-journey.md). It refuses to touch a database that
 * already has users. With the bundled dev sign-in, signing in with a seeded email (e.g.
 * maria.lopez@example.org) signs in as that neighbour.
 */
import { count } from "drizzle-orm";
import { DEFAULT_MAP } from "../src/contract/map-defaults";
import { roundCoordinate } from "../src/contract/places";
import { DEV_ISSUER, EMAIL_ISSUER } from "../src/server/auth/users";
import { ConfigError, loadConfig } from "../src/server/config";
import { DataDirLockedError, type Executor, openDatabase } from "../src/server/db/client";
import { events, meals, users } from "../src/server/db/schema";
import { type AllergenColumns, allergenColumns } from "../src/server/features/allergens/service";
import { addSeedPhotos } from "./seed-photos";
import { seedWordsIn } from "./seed-words";

const HOUR = 3600_000;

/** Where the neighbourhood lies while MAP_CENTER is not set (its default shows the whole world). */
const DEFAULT_NEIGHBOURHOOD = { latitude: 51.515, longitude: -0.125 };

/** The seed's neighbourhood centre: the deployment's map centre, once the deployment has set one. */
const neighbourhoodOf = (center: { latitude: number; longitude: number; zoom: number }) =>
  center.latitude === DEFAULT_MAP.center.latitude &&
  center.longitude === DEFAULT_MAP.center.longitude &&
  center.zoom === DEFAULT_MAP.center.zoom
    ? DEFAULT_NEIGHBOURHOOD
    : center;

/** A date a year from today, YYYY-MM-DD: the seeded cooks' certificates are current. */
const aYearFromToday = () => new Date(Date.now() + 365 * 24 * HOUR).toISOString().slice(0, 10);

/**
 * docs/features/food-safety.md: each seeded meal's allergen codes come from its text the way the API
 * maps a text sent without codes; meals with none declare none of the 14; all were made an hour ago and
 * kept chilled.
 */
async function withFoodSafety<T extends { allergens: string; pickupWindowStart: Date }>(
  tx: Executor,
  values: T[],
): Promise<(T & AllergenColumns & { preparedAt: Date; storage: "chilled" })[]> {
  return Promise.all(
    values.map(async (value) => {
      const columns = await allergenColumns(tx, { allergens: value.allergens });
      return {
        ...value,
        ...columns,
        noMajorAllergens: columns.allergenCodes.length === 0 && value.allergens === "",
        preparedAt: new Date(Date.now() - HOUR),
        storage: "chilled" as const,
      };
    }),
  );
}

async function seed() {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    const [{ n }] = await database.db.select({ n: count() }).from(users);
    if (n > 0) {
      console.error(
        `The database already has ${n} user(s); the seed only fills an empty database. Nothing was changed.`,
      );
      process.exitCode = 1;
      return;
    }
    // Stored as each sign-in stores its members, so a seeded neighbour signs in to their own account
    // whatever the port (docs/decisions/016 "One email, one member").
    const issuer =
      config.signIn === "oidc" && config.oidc
        ? config.oidc.issuerUrl
        : config.signIn === "email"
          ? EMAIL_ISSUER
          : DEV_ISSUER;
    // The neighbourhood speaks the deployment's language (scripts/seed-words.ts).
    const say = seedWordsIn(config.defaultLanguage);
    const centre = neighbourhoodOf(config.map.center);
    // A home a few streets from the centre, rounded to ~100 m like every stored point.
    const place = (north: number, east: number) => ({
      latitude: roundCoordinate(centre.latitude + north),
      longitude: roundCoordinate(centre.longitude + east),
    });
    const homes = {
      maria: place(0.004, 0.003),
      tom: place(-0.006, 0.008),
      aisha: place(0.002, -0.005),
      jonas: place(-0.003, -0.002),
      priya: place(0.009, 0.001),
    };
    let seeded: { id: string; ownerId: string; title: string }[] = [];
    await database.db.transaction(async (tx) => {
      const people = await tx
        .insert(users)
        .values(
          [
            {
              firstName: "Maria",
              lastName: "Lopez",
              isRegisteredCook: true,
              cookCertificateExpiresOn: aYearFromToday(),
              role: "feeder" as const,
              bio: "Cooking Oaxacan family recipes since forever.",
              home: homes.maria,
            },
            {
              firstName: "Tom",
              lastName: "Becker",
              role: "feeder" as const,
              bio: "Allotment gardener with too many courgettes.",
              home: homes.tom,
            },
            {
              firstName: "Aisha",
              lastName: "Khan",
              bio: "Nurse on night shifts; grateful for a ready dinner.",
              home: homes.aisha,
            },
            {
              firstName: "Jonas",
              lastName: "Weber",
              role: "feeder" as const,
              bio: "Bakes sourdough every weekend.",
              home: homes.jonas,
            },
            {
              firstName: "Priya",
              lastName: "Patel",
              isRegisteredCook: true,
              cookCertificateExpiresOn: aYearFromToday(),
              role: "feeder" as const,
              bio: "Runs a small home kitchen, vegetarian thalis.",
              home: homes.priya,
            },
          ].map(({ home, ...p }) => {
            const email = `${p.firstName}.${p.lastName}@example.org`.toLowerCase();
            return {
              ...p,
              bio: say(p.bio),
              email,
              emailVerified: true,
              oidcIssuer: issuer,
              oidcSubject: email,
              homeLatitude: home.latitude,
              homeLongitude: home.longitude,
            };
          }),
        )
        .returning();
      const [maria, tom, aisha, jonas, priya] = people;
      const today = new Date();
      today.setMinutes(0, 0, 0);
      const at = (hoursFromNow: number) => new Date(today.getTime() + hoursFromNow * HOUR);
      const meal = (
        owner: { id: string; homeLatitude: number | null; homeLongitude: number | null },
        fields: {
          title: string;
          description: string;
          ingredients: string;
          allergens: string;
          priceCents?: number;
          portions: number;
          start: number;
          length?: number;
          location: string;
          details: string;
          delivery?: boolean;
        },
      ) => ({
        ownerId: owner.id,
        title: say(fields.title),
        description: say(fields.description),
        ingredients: say(fields.ingredients),
        // English words the seed maps to allergen codes (withFoodSafety), which every reader sees in
        // their own language.
        allergens: fields.allergens,
        kind: fields.priceCents ? ("paid" as const) : ("free" as const),
        priceCents: fields.priceCents ?? null,
        portionSize: fields.portions,
        pickupWindowStart: at(fields.start),
        pickupWindowEnd: at(fields.start + (fields.length ?? 3)),
        // The form's rule: the public location says roughly where, never the door; the door, the
        // bell and the flat are pickup details, for accepted requesters only (docs/features/neighbourhood.md).
        pickupLocation: say(fields.location),
        pickupDetails: say(fields.details),
        deliveryAvailable: fields.delivery ?? false,
        // Picked up at the cook's home, as the meal form proposes; others see a point 150–250 m
        // away (migration 0024), never the home.
        pickupLatitude: owner.homeLatitude,
        pickupLongitude: owner.homeLongitude,
      });
      seeded = await tx
        .insert(meals)
        .values(
          await withFoodSafety(tx, [
            meal(maria, {
              title: "Chicken mole with rice",
              description: "Slow-cooked mole poblano, rich and mildly spicy.",
              ingredients: "chicken, chillies, chocolate, sesame, peanuts, rice",
              allergens: "peanuts, sesame",
              priceCents: 950,
              portions: 6,
              start: 2,
              location: "Linden Avenue, by the park",
              details: "Linden Ave 4, ground floor: the green door",
              delivery: true,
            }),
            meal(maria, {
              title: "Black bean tamales (4 pieces)",
              description: "Steamed corn masa with black beans and cheese.",
              ingredients: "corn masa, black beans, queso fresco, lard",
              allergens: "dairy",
              priceCents: 700,
              portions: 8,
              start: 26,
              location: "Linden Avenue, by the park",
              details: "Linden Ave 4, ground floor: the green door",
            }),
            meal(maria, {
              title: "Horchata, one litre",
              description: "Cinnamon rice drink, chilled.",
              ingredients: "rice, cinnamon, sugar, almonds",
              allergens: "tree nuts",
              priceCents: 350,
              portions: 5,
              start: 3,
              location: "Linden Avenue, by the park",
              details: "Linden Ave 4, ground floor: the green door",
            }),
            meal(tom, {
              title: "Courgette and feta fritters",
              description: "A big batch from the allotment glut. Reheat in a pan.",
              ingredients: "courgette, feta, egg, flour, dill",
              allergens: "gluten, egg, dairy",
              portions: 4,
              start: 1,
              location: "Mill Lane allotments, main gate",
              details: "Ask for Tom at the gate; I wear a blue cap.",
            }),
            meal(tom, {
              title: "Tomato and basil soup",
              description: "Two litres of soup, bring a container.",
              ingredients: "tomatoes, onion, garlic, basil, olive oil",
              allergens: "",
              portions: 6,
              start: 4,
              location: "Mill Lane, north end",
              details: "12 Mill Lane: in the cool box on the porch.",
            }),
            meal(tom, {
              title: "Runner bean chutney jars",
              description: "Sweet and tangy, keeps for months.",
              ingredients: "runner beans, onion, vinegar, sugar, mustard seed",
              allergens: "mustard",
              portions: 6,
              start: 27,
              location: "Mill Lane, north end",
              details: "12 Mill Lane: in the cool box on the porch.",
            }),
            meal(jonas, {
              title: "Sourdough loaf",
              description: "Baked this morning, crusty white sourdough.",
              ingredients: "wheat flour, water, salt",
              allergens: "gluten",
              portions: 3,
              start: 1,
              location: "Birch Street, by the bakery corner",
              details: "Birch St 9, first floor: ring Jonas.",
            }),
            meal(jonas, {
              title: "Cinnamon buns (6)",
              description: "Swedish-style kanelbullar, a tray left over from a party.",
              ingredients: "flour, butter, milk, sugar, cinnamon, cardamom, egg",
              allergens: "gluten, dairy, egg",
              portions: 6,
              start: 2,
              location: "Birch Street, by the bakery corner",
              details: "Birch St 9, first floor: ring Jonas.",
            }),
            // Jonas is not a registered cook, so his crackers are shared free, like his bread.
            meal(jonas, {
              title: "Rye crispbread",
              description: "Thin seeded crackers, great with cheese.",
              ingredients: "rye flour, sunflower seeds, sesame, flax",
              allergens: "gluten, sesame",
              portions: 4,
              start: 28,
              location: "Birch Street, by the bakery corner",
              details: "Birch St 9, first floor: ring Jonas.",
            }),
            meal(priya, {
              title: "Vegetable thali",
              description: "Dal, two sabzis, rice, raita and a chapati.",
              ingredients: "lentils, seasonal vegetables, rice, yoghurt, wheat, spices",
              allergens: "dairy, gluten",
              priceCents: 1100,
              portions: 5,
              start: 3,
              location: "Elm Court",
              details: "Elm Court 2: Priya's Kitchen, the side door.",
              delivery: true,
            }),
            meal(priya, {
              title: "Chana masala",
              description: "Chickpea curry, medium heat. Vegan.",
              ingredients: "chickpeas, tomato, onion, ginger, garlic, spices",
              allergens: "",
              priceCents: 650,
              portions: 6,
              start: 5,
              location: "Elm Court",
              details: "Elm Court 2: Priya's Kitchen, the side door.",
            }),
            meal(priya, {
              title: "Mango lassi",
              description: "Sweet yoghurt drink, 500 ml bottles.",
              ingredients: "mango, yoghurt, sugar, cardamom",
              allergens: "dairy",
              priceCents: 300,
              portions: 6,
              start: 2,
              location: "Elm Court",
              details: "Elm Court 2: Priya's Kitchen, the side door.",
            }),
            meal(aisha, {
              title: "Lentil soup (extra from my batch)",
              description: "Red lentil soup with cumin and lemon.",
              ingredients: "red lentils, onion, carrot, cumin, lemon",
              allergens: "celery",
              portions: 2,
              start: 2,
              location: "Oak Road, by the post box",
              details: "Oak House, flat 3: ring twice.",
            }),
            meal(aisha, {
              title: "Fruit salad bowl",
              description: "Apples, oranges, grapes and kiwi; cut this afternoon.",
              ingredients: "apple, orange, grapes, kiwi",
              allergens: "",
              portions: 3,
              start: 1,
              length: 2,
              location: "Oak Road, by the post box",
              details: "Oak House, flat 3: ring twice.",
            }),
          ]),
        )
        .returning({ id: meals.id, ownerId: meals.ownerId, title: meals.title });
      await tx.insert(events).values([
        {
          title: say("Community potluck in the park"),
          description: say("Bring a dish to share and meet your neighbours. Plates and cutlery provided."),
          startsAt: at(24 * 6 + 6),
          location: say("Linden Park bandstand"),
          createdById: maria.id,
        },
        {
          title: say("Food safety basics for home cooks"),
          description: say("A one-hour talk on storage, reheating and allergen labelling, with Q&A."),
          startsAt: at(24 * 13 + 5),
          location: say("Library meeting room"),
          rsvpUrl: "https://example.org/food-safety-rsvp",
          createdById: priya.id,
        },
        {
          title: say("Harvest swap"),
          description: say("Swapped surplus vegetables and preserves. Thanks to everyone who came!"),
          startsAt: at(-24 * 10),
          location: say("Mill Lane allotments"),
          createdById: tom.id,
        },
      ]);
      console.log(
        `Seeded ${people.length} neighbours, 14 meals and 3 events. Sign in as e.g. ${maria.email}.`,
      );
    });
    // Files are not part of the transaction: the meals exist first, then get their photos.
    await addSeedPhotos(database.db, config, seeded);
  } finally {
    await database.close();
  }
}

seed().catch((error) => {
  // The running app holds PGlite's data directory: the message says to stop it first.
  console.error(error instanceof ConfigError || error instanceof DataDirLockedError ? error.message : error);
  process.exitCode = 1;
});

CREATE TYPE "public"."meal_storage" AS ENUM('chilled', 'frozen', 'hot', 'ambient');--> statement-breakpoint
CREATE TABLE "allergen_synonyms" (
	"synonym" text PRIMARY KEY NOT NULL,
	"codes" text[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "meals" ADD COLUMN "allergen_codes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "meals" ADD COLUMN "allergens_other" varchar(300) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "meals" ADD COLUMN "no_major_allergens" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "meals" ADD COLUMN "diet_tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "meals" ADD COLUMN "prepared_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "meals" ADD COLUMN "storage" "meal_storage";--> statement-breakpoint
ALTER TABLE "meals" ADD COLUMN "reheating" varchar(1000);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "allergy_codes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "allergies_other" varchar(300) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "diet_tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "meals" ADD CONSTRAINT "meals_allergen_codes_known" CHECK ("meals"."allergen_codes" <@ ARRAY['gluten','crustaceans','eggs','fish','peanuts','soybeans','milk','tree_nuts','celery','mustard','sesame','sulphites','lupin','molluscs']::text[]);--> statement-breakpoint
ALTER TABLE "meals" ADD CONSTRAINT "meals_no_major_allergens_means_none" CHECK (NOT "meals"."no_major_allergens" OR cardinality("meals"."allergen_codes") = 0);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_allergy_codes_known" CHECK ("users"."allergy_codes" <@ ARRAY['gluten','crustaceans','eggs','fish','peanuts','soybeans','milk','tree_nuts','celery','mustard','sesame','sulphites','lupin','molluscs']::text[]);--> statement-breakpoint
-- docs/features/food-safety.md point 1: the words cooks typed before the codes, and the codes they mean. Only
-- unambiguous words: "flour" or "seafood" could be several things and stay free text.
INSERT INTO "allergen_synonyms" ("synonym", "codes") VALUES
  ('celery', '{celery}'), ('celeriac', '{celery}'),
  ('gluten', '{gluten}'), ('cereals containing gluten', '{gluten}'), ('wheat', '{gluten}'),
  ('barley', '{gluten}'), ('rye', '{gluten}'), ('oats', '{gluten}'), ('spelt', '{gluten}'),
  ('kamut', '{gluten}'), ('wheat flour', '{gluten}'),
  ('crustaceans', '{crustaceans}'), ('crustacean', '{crustaceans}'), ('shrimp', '{crustaceans}'),
  ('shrimps', '{crustaceans}'), ('prawn', '{crustaceans}'), ('prawns', '{crustaceans}'),
  ('crab', '{crustaceans}'), ('lobster', '{crustaceans}'), ('crayfish', '{crustaceans}'),
  ('shellfish', '{crustaceans,molluscs}'),
  ('eggs', '{eggs}'), ('egg', '{eggs}'),
  ('fish', '{fish}'), ('fish sauce', '{fish}'), ('anchovy', '{fish}'), ('anchovies', '{fish}'),
  ('salmon', '{fish}'), ('tuna', '{fish}'), ('cod', '{fish}'),
  ('lupin', '{lupin}'), ('lupine', '{lupin}'), ('lupin flour', '{lupin}'),
  ('milk', '{milk}'), ('dairy', '{milk}'), ('lactose', '{milk}'), ('cheese', '{milk}'),
  ('butter', '{milk}'), ('cream', '{milk}'), ('yoghurt', '{milk}'), ('yogurt', '{milk}'),
  ('molluscs', '{molluscs}'), ('mollusc', '{molluscs}'), ('mollusks', '{molluscs}'),
  ('mussels', '{molluscs}'), ('oysters', '{molluscs}'), ('clams', '{molluscs}'),
  ('scallops', '{molluscs}'), ('squid', '{molluscs}'), ('octopus', '{molluscs}'),
  ('mustard', '{mustard}'),
  ('tree nuts', '{tree_nuts}'), ('tree_nuts', '{tree_nuts}'), ('tree nut', '{tree_nuts}'),
  ('nuts', '{tree_nuts}'), ('nut', '{tree_nuts}'), ('almonds', '{tree_nuts}'),
  ('almond', '{tree_nuts}'), ('hazelnuts', '{tree_nuts}'), ('walnuts', '{tree_nuts}'),
  ('cashews', '{tree_nuts}'), ('pecans', '{tree_nuts}'), ('pistachios', '{tree_nuts}'),
  ('brazil nuts', '{tree_nuts}'), ('macadamia nuts', '{tree_nuts}'), ('pine nuts', '{tree_nuts}'),
  ('peanuts', '{peanuts}'), ('peanut', '{peanuts}'), ('groundnuts', '{peanuts}'),
  ('peanut butter', '{peanuts}'),
  ('sesame', '{sesame}'), ('sesame seeds', '{sesame}'), ('tahini', '{sesame}'),
  ('soybeans', '{soybeans}'), ('soybean', '{soybeans}'), ('soy', '{soybeans}'),
  ('soya', '{soybeans}'), ('tofu', '{soybeans}'), ('soy sauce', '{soybeans,gluten}'),
  ('sulphites', '{sulphites}'), ('sulfites', '{sulphites}'), ('sulphite', '{sulphites}'),
  ('sulfite', '{sulphites}'), ('sulphur dioxide', '{sulphites}'), ('sulfur dioxide', '{sulphites}'),
  ('sulphur dioxide/sulphites', '{sulphites}');
--> statement-breakpoint
-- Existing meals: each comma-separated part that is a known word becomes its codes; the rest is
-- kept as "Other". The spec's `allergens` text stays as the cook wrote it.
UPDATE "meals" AS m SET
  "allergen_codes" = mapped.codes,
  "allergens_other" = mapped.other
FROM (
  SELECT meal.id,
         coalesce((SELECT array_agg(DISTINCT code ORDER BY code)
                   FROM unnest(string_to_array(meal.allergens, ',')) AS part(value)
                   JOIN "allergen_synonyms" s ON s.synonym = lower(btrim(part.value))
                   CROSS JOIN LATERAL unnest(s.codes) AS code), '{}'::text[]) AS codes,
         left(coalesce((SELECT string_agg(btrim(part.value), ', ' ORDER BY part.n)
                        FROM unnest(string_to_array(meal.allergens, ',')) WITH ORDINALITY AS part(value, n)
                        WHERE btrim(part.value) <> ''
                          AND NOT EXISTS (SELECT 1 FROM "allergen_synonyms" s
                                          WHERE s.synonym = lower(btrim(part.value)))), ''), 300) AS other
  FROM "meals" AS meal
  WHERE meal.allergens <> ''
) AS mapped
WHERE m.id = mapped.id;

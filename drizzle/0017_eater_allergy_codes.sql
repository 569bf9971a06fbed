-- An eater's free-text allergies that name one of the 14 ("dairy", "shellfish") become its codes,
-- as the API now does when they are saved (docs/ARCHITECTURE.md "Where to find a rule": allergen
-- matching), so warnings, which compare codes, see them. Words that mean no code stay free text.
UPDATE "users" AS u SET
  "allergy_codes" = mapped.codes,
  "allergies_other" = mapped.other
FROM (
  SELECT eater.id,
         (SELECT coalesce(array_agg(DISTINCT code ORDER BY code), '{}'::text[])
          FROM (SELECT unnest(eater.allergy_codes) AS code
                UNION
                SELECT unnest(s.codes)
                FROM unnest(string_to_array(eater.allergies_other, ',')) AS part(value)
                JOIN "allergen_synonyms" s ON s.synonym = lower(btrim(part.value))) AS all_codes) AS codes,
         coalesce((SELECT string_agg(btrim(part.value), ', ' ORDER BY part.n)
                   FROM unnest(string_to_array(eater.allergies_other, ',')) WITH ORDINALITY AS part(value, n)
                   WHERE btrim(part.value) <> ''
                     AND NOT EXISTS (SELECT 1 FROM "allergen_synonyms" s
                                     WHERE s.synonym = lower(btrim(part.value)))), '') AS other
  FROM "users" AS eater
  WHERE eater.allergies_other <> ''
) AS mapped
WHERE u.id = mapped.id;

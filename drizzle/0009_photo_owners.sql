-- docs/features/operations.md finding 10: who uploaded each stored photo, so only one's own photos can be used.
CREATE TABLE "photos" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Photos already in use belong to the meal's cook or the profile's user (the first to use one,
-- where two already share it).
INSERT INTO "photos" ("id", "user_id")
SELECT DISTINCT ON (photo_id) photo_id, user_id FROM (
  SELECT substring("photo_path" from '^/objects/photos/([0-9a-f-]{36})\.webp$')::uuid AS photo_id,
         "owner_id" AS user_id, "created_at" FROM "meals"
  UNION ALL
  SELECT substring("profile_image_url" from '^/objects/photos/([0-9a-f-]{36})\.webp$')::uuid,
         "id", "created_at" FROM "users"
) AS used
WHERE photo_id IS NOT NULL
ORDER BY photo_id, created_at
ON CONFLICT DO NOTHING;

CREATE TABLE "hidden_cooks" (
	"user_id" uuid NOT NULL,
	"cook_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	CONSTRAINT "hidden_cooks_user_id_cook_id_pk" PRIMARY KEY("user_id","cook_id")
);
--> statement-breakpoint
CREATE TABLE "hidden_meals" (
	"user_id" uuid NOT NULL,
	"meal_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	CONSTRAINT "hidden_meals_user_id_meal_id_pk" PRIMARY KEY("user_id","meal_id")
);
--> statement-breakpoint
ALTER TABLE "hidden_cooks" ADD CONSTRAINT "hidden_cooks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hidden_cooks" ADD CONSTRAINT "hidden_cooks_cook_id_users_id_fk" FOREIGN KEY ("cook_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hidden_meals" ADD CONSTRAINT "hidden_meals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hidden_meals" ADD CONSTRAINT "hidden_meals_meal_id_meals_id_fk" FOREIGN KEY ("meal_id") REFERENCES "public"."meals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hidden_cooks_cook_idx" ON "hidden_cooks" USING btree ("cook_id");--> statement-breakpoint
CREATE INDEX "hidden_meals_meal_idx" ON "hidden_meals" USING btree ("meal_id");
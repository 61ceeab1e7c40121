CREATE TABLE "characters" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"class" text NOT NULL,
	"character_avatar" text NOT NULL,
	"image_set" text DEFAULT 'default' NOT NULL,
	"level" integer DEFAULT 1 NOT NULL,
	"experience" integer DEFAULT 0 NOT NULL,
	"wins" integer DEFAULT 0 NOT NULL,
	"losses" integer DEFAULT 0 NOT NULL,
	"is_forged" boolean DEFAULT false NOT NULL,
	"stat_points" integer DEFAULT 0 NOT NULL,
	"skill_points" integer DEFAULT 0 NOT NULL,
	"allocated" jsonb DEFAULT '{"attack":0,"defense":0,"speed":0,"magic":0}'::jsonb NOT NULL,
	"last_battle_at" timestamp with time zone,
	"last_pvp_battle_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"overall_score" integer GENERATED ALWAYS AS (level * 100 + wins * 10 + ((500 + 250 * (level - 1) + 20 * wins) * (CASE WHEN is_forged THEN 2 ELSE 1 END)) / 10) STORED NOT NULL,
	CONSTRAINT "characters_level_positive" CHECK ("characters"."level" >= 1),
	CONSTRAINT "characters_points_non_negative" CHECK ("characters"."stat_points" >= 0 AND "characters"."skill_points" >= 0)
);
--> statement-breakpoint
CREATE TABLE "marketplace_listings" (
	"id" serial PRIMARY KEY NOT NULL,
	"character_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"price" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"buyer_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "marketplace_price_range" CHECK ("marketplace_listings"."price" BETWEEN 1 AND 10000000),
	CONSTRAINT "marketplace_status" CHECK ("marketplace_listings"."status" IN ('active', 'sold', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "pve_battles" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"character_id" integer NOT NULL,
	"seed" bigint NOT NULL,
	"enemy" jsonb NOT NULL,
	"result" text NOT NULL,
	"experience_gained" integer NOT NULL,
	"credits_gained" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pve_enemies" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"enemy" jsonb NOT NULL,
	"rolled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "best_level" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "total_wins" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "leaderboard_score" integer GENERATED ALWAYS AS (best_level * 100 + total_wins * 10) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "characters" ADD CONSTRAINT "characters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_listings" ADD CONSTRAINT "marketplace_listings_character_id_characters_id_fk" FOREIGN KEY ("character_id") REFERENCES "public"."characters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_listings" ADD CONSTRAINT "marketplace_listings_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_listings" ADD CONSTRAINT "marketplace_listings_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pve_battles" ADD CONSTRAINT "pve_battles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pve_battles" ADD CONSTRAINT "pve_battles_character_id_characters_id_fk" FOREIGN KEY ("character_id") REFERENCES "public"."characters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pve_enemies" ADD CONSTRAINT "pve_enemies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "characters_user_idx" ON "characters" USING btree ("user_id","level" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "characters_level_rank_idx" ON "characters" USING btree ("level" DESC NULLS FIRST,"wins" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "characters_wins_rank_idx" ON "characters" USING btree ("wins" DESC NULLS FIRST,"level" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "characters_overall_rank_idx" ON "characters" USING btree ("overall_score" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_one_active_listing_idx" ON "marketplace_listings" USING btree ("character_id") WHERE "marketplace_listings"."status" = 'active';--> statement-breakpoint
CREATE INDEX "marketplace_active_idx" ON "marketplace_listings" USING btree ("created_at" DESC NULLS FIRST) WHERE "marketplace_listings"."status" = 'active';--> statement-breakpoint
CREATE INDEX "pve_battles_character_idx" ON "pve_battles" USING btree ("character_id","created_at");--> statement-breakpoint
CREATE INDEX "users_leaderboard_idx" ON "users" USING btree ("leaderboard_score" DESC NULLS FIRST,"id") WHERE "users"."best_level" > 0;
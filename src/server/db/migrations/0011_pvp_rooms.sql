CREATE TABLE "season_badges" (
	"season" text NOT NULL,
	"rank" smallint NOT NULL,
	"character_id" integer NOT NULL,
	"rating" real NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "season_badges_season_rank_pk" PRIMARY KEY("season","rank")
);
--> statement-breakpoint
ALTER TABLE "pvp_battles" DROP CONSTRAINT "pvp_battles_player2_character_id_characters_id_fk";
--> statement-breakpoint
DROP INDEX "pvp_battles_deadline_idx";--> statement-breakpoint
ALTER TABLE "pvp_battles" ALTER COLUMN "player2_user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "pvp_battles" ALTER COLUMN "player2_character_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "pvp_battles" ALTER COLUMN "current_turn" DROP NOT NULL;--> statement-breakpoint
-- Battles stored before fighters were kept with them are long over: their fighters stay unknown.
UPDATE "pvp_battles" SET "fighter1" = 'null'::jsonb WHERE "fighter1" IS NULL;--> statement-breakpoint
UPDATE "pvp_battles" SET "fighter2" = 'null'::jsonb WHERE "fighter2" IS NULL;--> statement-breakpoint
ALTER TABLE "pvp_battles" ALTER COLUMN "fighter1" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "pvp_battles" ALTER COLUMN "fighter2" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "characters" ADD COLUMN "rating" real DEFAULT 1500 NOT NULL;--> statement-breakpoint
ALTER TABLE "characters" ADD COLUMN "rating_deviation" real DEFAULT 350 NOT NULL;--> statement-breakpoint
ALTER TABLE "characters" ADD COLUMN "rating_volatility" real DEFAULT 0.06 NOT NULL;--> statement-breakpoint
ALTER TABLE "characters" ADD COLUMN "rating_season" text;--> statement-breakpoint
ALTER TABLE "characters" ADD COLUMN "pvp_wins" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "characters" ADD COLUMN "pvp_losses" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "characters" ADD COLUMN "pvp_streak" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pvp_battles" ADD COLUMN "ghost" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pvp_battles" ADD COLUMN "rating1" real DEFAULT 1500 NOT NULL;--> statement-breakpoint
ALTER TABLE "pvp_battles" ADD COLUMN "rating2" real DEFAULT 1500 NOT NULL;--> statement-breakpoint
ALTER TABLE "pvp_battles" ADD COLUMN "owner" text;--> statement-breakpoint
ALTER TABLE "pvp_battles" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pvp_queue" ADD COLUMN "rating" real DEFAULT 1500 NOT NULL;--> statement-breakpoint
ALTER TABLE "pvp_queue" ADD COLUMN "arena" text;--> statement-breakpoint
ALTER TABLE "pvp_queue" ADD COLUMN "ghost_character_id" integer;--> statement-breakpoint
ALTER TABLE "season_badges" ADD CONSTRAINT "season_badges_character_id_characters_id_fk" FOREIGN KEY ("character_id") REFERENCES "public"."characters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "season_badges_character_idx" ON "season_badges" USING btree ("character_id");--> statement-breakpoint
ALTER TABLE "pvp_battles" ADD CONSTRAINT "pvp_battles_player2_character_id_characters_id_fk" FOREIGN KEY ("player2_character_id") REFERENCES "public"."characters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pvp_queue" ADD CONSTRAINT "pvp_queue_ghost_character_id_characters_id_fk" FOREIGN KEY ("ghost_character_id") REFERENCES "public"."characters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "characters_rating_rank_idx" ON "characters" USING btree ("rating" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "pvp_battles_lease_idx" ON "pvp_battles" USING btree ("lease_until") WHERE "pvp_battles"."status" = 'active';--> statement-breakpoint
CREATE INDEX "pvp_battles_owner_idx" ON "pvp_battles" USING btree ("owner") WHERE "pvp_battles"."status" = 'active';--> statement-breakpoint
ALTER TABLE "pvp_battles" DROP COLUMN "defending1";--> statement-breakpoint
ALTER TABLE "pvp_battles" DROP COLUMN "defending2";--> statement-breakpoint
ALTER TABLE "pvp_battles" DROP COLUMN "special_cooldown1";--> statement-breakpoint
ALTER TABLE "pvp_battles" DROP COLUMN "special_cooldown2";--> statement-breakpoint
ALTER TABLE "pvp_battles" DROP COLUMN "log";
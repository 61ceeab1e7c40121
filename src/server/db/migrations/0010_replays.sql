CREATE TABLE "replays" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"rules" text NOT NULL,
	"seed" bigint NOT NULL,
	"fighters" jsonb NOT NULL,
	"sides" jsonb NOT NULL,
	"inputs" jsonb NOT NULL,
	"character1_id" integer,
	"character2_id" integer,
	"winner" smallint NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "replays_kind_valid" CHECK ("replays"."kind" in ('pve', 'pvp', 'guild')),
	CONSTRAINT "replays_winner_valid" CHECK ("replays"."winner" in (0, 1))
);
--> statement-breakpoint
ALTER TABLE "pvp_battles" ADD COLUMN "inputs" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "pvp_battles" ADD COLUMN "replay_id" bigint;--> statement-breakpoint
CREATE INDEX "replays_character1_idx" ON "replays" USING btree ("character1_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "replays_character2_idx" ON "replays" USING btree ("character2_id","created_at" DESC NULLS LAST);--> statement-breakpoint
-- Battles running at the upgrade have no recorded actions for the new engine to replay: they end
-- here as no contest (nothing paid, no cooldown), and their players may queue again.
UPDATE "pvp_battles" SET "status" = 'completed', "ended_at" = now() WHERE "status" = 'active';

ALTER TABLE "pvp_battles" ADD COLUMN "fighter1" jsonb;--> statement-breakpoint
ALTER TABLE "pvp_battles" ADD COLUMN "fighter2" jsonb;
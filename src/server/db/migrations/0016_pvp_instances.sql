CREATE TABLE "pvp_instances" (
	"id" text PRIMARY KEY NOT NULL,
	"alive_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "pvp_battles_lease_idx";--> statement-breakpoint
ALTER TABLE "pvp_battles" DROP COLUMN "lease_until";
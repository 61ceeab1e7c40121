ALTER TABLE "guild_treasury_log" DROP CONSTRAINT "guild_treasury_log_guild_id_guilds_id_fk";
--> statement-breakpoint
DROP INDEX "guilds_name_lower_idx";--> statement-breakpoint
ALTER TABLE "guilds" ADD COLUMN "disbanded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "guild_treasury_log" ADD CONSTRAINT "guild_treasury_log_guild_id_guilds_id_fk" FOREIGN KEY ("guild_id") REFERENCES "public"."guilds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "guilds_name_lower_idx" ON "guilds" USING btree (lower("name")) WHERE "guilds"."disbanded_at" is null;
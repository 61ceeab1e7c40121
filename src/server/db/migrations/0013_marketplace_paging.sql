DROP INDEX "marketplace_active_idx";--> statement-breakpoint
ALTER TABLE "marketplace_listings" ADD COLUMN "character_level" integer;--> statement-breakpoint
UPDATE "marketplace_listings" l SET "character_level" = c."level" FROM "characters" c WHERE c."id" = l."character_id";--> statement-breakpoint
ALTER TABLE "marketplace_listings" ALTER COLUMN "character_level" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "marketplace_active_newest_idx" ON "marketplace_listings" USING btree ("id") WHERE "marketplace_listings"."status" = 'active';--> statement-breakpoint
CREATE INDEX "marketplace_active_price_idx" ON "marketplace_listings" USING btree ("price","id") WHERE "marketplace_listings"."status" = 'active';--> statement-breakpoint
CREATE INDEX "marketplace_active_price_low_idx" ON "marketplace_listings" USING btree ("price","id" DESC NULLS FIRST) WHERE "marketplace_listings"."status" = 'active';--> statement-breakpoint
CREATE INDEX "marketplace_active_level_idx" ON "marketplace_listings" USING btree ("character_level","id") WHERE "marketplace_listings"."status" = 'active';--> statement-breakpoint
CREATE INDEX "marketplace_active_level_low_idx" ON "marketplace_listings" USING btree ("character_level","id" DESC NULLS FIRST) WHERE "marketplace_listings"."status" = 'active';--> statement-breakpoint
CREATE INDEX "marketplace_active_popular_idx" ON "marketplace_listings" USING btree (("views" + "likes"),"id") WHERE "marketplace_listings"."status" = 'active';
ALTER TABLE "characters" ADD COLUMN "listed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "characters" c SET "listed" = true WHERE EXISTS (SELECT 1 FROM "marketplace_listings" l WHERE l."character_id" = c."id" AND l."status" = 'active');--> statement-breakpoint
CREATE FUNCTION "characters_follow_listing"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW."status" IS DISTINCT FROM OLD."status" OR NEW."character_id" IS DISTINCT FROM OLD."character_id" THEN
    IF TG_OP = 'UPDATE' AND NEW."character_id" IS DISTINCT FROM OLD."character_id" THEN
      UPDATE "characters" SET "listed" = false WHERE "id" = OLD."character_id";
    END IF;
    UPDATE "characters" SET "listed" = (NEW."status" = 'active') WHERE "id" = NEW."character_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "marketplace_listings_mark_character" AFTER INSERT OR UPDATE ON "marketplace_listings"
  FOR EACH ROW EXECUTE FUNCTION "characters_follow_listing"();

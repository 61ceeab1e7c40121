CREATE TABLE "listing_likes" (
	"listing_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_likes_listing_id_user_id_pk" PRIMARY KEY("listing_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "listing_views" (
	"listing_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_views_listing_id_user_id_pk" PRIMARY KEY("listing_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "character_equipment" (
	"id" serial PRIMARY KEY NOT NULL,
	"character_id" integer NOT NULL,
	"equipment_id" integer NOT NULL,
	"slot" text NOT NULL,
	"equipped" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "equipment_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"slot" text NOT NULL,
	"rarity" text NOT NULL,
	"level" integer NOT NULL,
	"description" text NOT NULL,
	"price" integer NOT NULL,
	"stats" jsonb NOT NULL,
	"set_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "equipment_items_price_non_negative" CHECK ("equipment_items"."price" >= 0),
	CONSTRAINT "equipment_items_level_positive" CHECK ("equipment_items"."level" >= 1),
	CONSTRAINT "equipment_items_slot" CHECK ("equipment_items"."slot" IN ('weapon', 'armor', 'helmet', 'boots', 'gloves', 'accessory'))
);
--> statement-breakpoint
CREATE TABLE "character_skills" (
	"id" serial PRIMARY KEY NOT NULL,
	"character_id" integer NOT NULL,
	"skill_id" integer NOT NULL,
	"level" integer DEFAULT 1 NOT NULL,
	"learned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "character_skills_level_positive" CHECK ("character_skills"."level" >= 1)
);
--> statement-breakpoint
CREATE TABLE "skills" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"type" text NOT NULL,
	"class" text NOT NULL,
	"base_cost" integer NOT NULL,
	"max_level" integer NOT NULL,
	"required_level" integer NOT NULL,
	"effects" jsonb NOT NULL,
	CONSTRAINT "skills_type" CHECK ("skills"."type" IN ('passive', 'active', 'ultimate')),
	CONSTRAINT "skills_numbers" CHECK ("skills"."base_cost" >= 0 AND "skills"."max_level" >= 1 AND "skills"."required_level" >= 1)
);
--> statement-breakpoint
CREATE TABLE "forge_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"character_id" integer NOT NULL,
	"set_id" text NOT NULL,
	"slot" text NOT NULL,
	"seed" bigint NOT NULL,
	"success" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "image_sets" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"cost" integer DEFAULT 0 NOT NULL,
	"required_level" integer,
	"required_wins" integer,
	CONSTRAINT "image_sets_cost_non_negative" CHECK ("image_sets"."cost" >= 0)
);
--> statement-breakpoint
CREATE TABLE "materials" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"rarity" text NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_image_sets" (
	"user_id" integer NOT NULL,
	"image_set_id" text NOT NULL,
	"unlocked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_image_sets_user_id_image_set_id_pk" PRIMARY KEY("user_id","image_set_id")
);
--> statement-breakpoint
CREATE TABLE "user_materials" (
	"user_id" integer NOT NULL,
	"material_id" text NOT NULL,
	"amount" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "user_materials_user_id_material_id_pk" PRIMARY KEY("user_id","material_id"),
	CONSTRAINT "user_materials_amount_non_negative" CHECK ("user_materials"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "listing_likes" ADD CONSTRAINT "listing_likes_listing_id_marketplace_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."marketplace_listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_likes" ADD CONSTRAINT "listing_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_views" ADD CONSTRAINT "listing_views_listing_id_marketplace_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."marketplace_listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_views" ADD CONSTRAINT "listing_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "character_equipment" ADD CONSTRAINT "character_equipment_character_id_characters_id_fk" FOREIGN KEY ("character_id") REFERENCES "public"."characters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "character_equipment" ADD CONSTRAINT "character_equipment_equipment_id_equipment_items_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."equipment_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "character_skills" ADD CONSTRAINT "character_skills_character_id_characters_id_fk" FOREIGN KEY ("character_id") REFERENCES "public"."characters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "character_skills" ADD CONSTRAINT "character_skills_skill_id_skills_id_fk" FOREIGN KEY ("skill_id") REFERENCES "public"."skills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forge_attempts" ADD CONSTRAINT "forge_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forge_attempts" ADD CONSTRAINT "forge_attempts_character_id_characters_id_fk" FOREIGN KEY ("character_id") REFERENCES "public"."characters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_image_sets" ADD CONSTRAINT "user_image_sets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_image_sets" ADD CONSTRAINT "user_image_sets_image_set_id_image_sets_id_fk" FOREIGN KEY ("image_set_id") REFERENCES "public"."image_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_materials" ADD CONSTRAINT "user_materials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_materials" ADD CONSTRAINT "user_materials_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "character_equipment_one_per_slot_idx" ON "character_equipment" USING btree ("character_id","slot") WHERE "character_equipment"."equipped";--> statement-breakpoint
CREATE INDEX "character_equipment_character_idx" ON "character_equipment" USING btree ("character_id","id");--> statement-breakpoint
CREATE INDEX "character_equipment_item_idx" ON "character_equipment" USING btree ("equipment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "equipment_items_key_idx" ON "equipment_items" USING btree ("key");--> statement-breakpoint
CREATE INDEX "equipment_items_shop_idx" ON "equipment_items" USING btree ("level","price","id") WHERE "equipment_items"."price" > 0;--> statement-breakpoint
CREATE UNIQUE INDEX "character_skills_character_skill_idx" ON "character_skills" USING btree ("character_id","skill_id");--> statement-breakpoint
CREATE UNIQUE INDEX "skills_key_idx" ON "skills" USING btree ("key");--> statement-breakpoint
CREATE INDEX "skills_class_idx" ON "skills" USING btree ("class","required_level");--> statement-breakpoint
CREATE INDEX "forge_attempts_user_idx" ON "forge_attempts" USING btree ("user_id","created_at");
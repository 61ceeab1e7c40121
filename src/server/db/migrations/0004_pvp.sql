CREATE TABLE "pvp_battles" (
	"id" serial PRIMARY KEY NOT NULL,
	"variant" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"player1_user_id" integer NOT NULL,
	"player1_character_id" integer NOT NULL,
	"player2_user_id" integer NOT NULL,
	"player2_character_id" integer NOT NULL,
	"hp1" integer NOT NULL,
	"hp2" integer NOT NULL,
	"max_hp1" integer NOT NULL,
	"max_hp2" integer NOT NULL,
	"current_turn" integer NOT NULL,
	"turn_count" integer DEFAULT 0 NOT NULL,
	"turn_deadline" timestamp with time zone NOT NULL,
	"defending1" boolean DEFAULT false NOT NULL,
	"defending2" boolean DEFAULT false NOT NULL,
	"special_cooldown1" integer DEFAULT 0 NOT NULL,
	"special_cooldown2" integer DEFAULT 0 NOT NULL,
	"seed" integer NOT NULL,
	"log" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"winner" integer,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "pvp_battles_status_valid" CHECK ("pvp_battles"."status" in ('active', 'completed')),
	CONSTRAINT "pvp_battles_hp_valid" CHECK ("pvp_battles"."hp1" >= 0 and "pvp_battles"."hp2" >= 0)
);
--> statement-breakpoint
CREATE TABLE "pvp_queue" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"character_id" integer NOT NULL,
	"variant" text NOT NULL,
	"level" integer NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pvp_queue_variant_valid" CHECK ("pvp_queue"."variant" in ('queue', 'realtime'))
);
--> statement-breakpoint
ALTER TABLE "pvp_battles" ADD CONSTRAINT "pvp_battles_player1_user_id_users_id_fk" FOREIGN KEY ("player1_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pvp_battles" ADD CONSTRAINT "pvp_battles_player1_character_id_characters_id_fk" FOREIGN KEY ("player1_character_id") REFERENCES "public"."characters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pvp_battles" ADD CONSTRAINT "pvp_battles_player2_user_id_users_id_fk" FOREIGN KEY ("player2_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pvp_battles" ADD CONSTRAINT "pvp_battles_player2_character_id_characters_id_fk" FOREIGN KEY ("player2_character_id") REFERENCES "public"."characters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pvp_queue" ADD CONSTRAINT "pvp_queue_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pvp_queue" ADD CONSTRAINT "pvp_queue_character_id_characters_id_fk" FOREIGN KEY ("character_id") REFERENCES "public"."characters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pvp_battles_deadline_idx" ON "pvp_battles" USING btree ("status","turn_deadline");--> statement-breakpoint
CREATE INDEX "pvp_battles_player1_active_idx" ON "pvp_battles" USING btree ("player1_user_id") WHERE "pvp_battles"."status" = 'active';--> statement-breakpoint
CREATE INDEX "pvp_battles_player2_active_idx" ON "pvp_battles" USING btree ("player2_user_id") WHERE "pvp_battles"."status" = 'active';--> statement-breakpoint
CREATE INDEX "pvp_queue_variant_idx" ON "pvp_queue" USING btree ("variant","joined_at");
CREATE TABLE "pvp_challenges" (
	"id" serial PRIMARY KEY NOT NULL,
	"challenger_id" integer NOT NULL,
	"challenger_character_id" integer NOT NULL,
	"challenged_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"battle_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pvp_battles" ADD COLUMN "friendly" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pvp_challenges" ADD CONSTRAINT "pvp_challenges_challenger_id_users_id_fk" FOREIGN KEY ("challenger_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pvp_challenges" ADD CONSTRAINT "pvp_challenges_challenger_character_id_characters_id_fk" FOREIGN KEY ("challenger_character_id") REFERENCES "public"."characters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pvp_challenges" ADD CONSTRAINT "pvp_challenges_challenged_id_users_id_fk" FOREIGN KEY ("challenged_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pvp_challenges_pending_pair_idx" ON "pvp_challenges" USING btree (least("challenger_id", "challenged_id"),greatest("challenger_id", "challenged_id")) WHERE "pvp_challenges"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "pvp_challenges_pending_expiry_idx" ON "pvp_challenges" USING btree ("expires_at") WHERE "pvp_challenges"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "pvp_challenges_challenged_idx" ON "pvp_challenges" USING btree ("challenged_id");
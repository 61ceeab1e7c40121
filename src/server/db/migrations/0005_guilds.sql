CREATE TABLE "guild_battles" (
	"id" serial PRIMARY KEY NOT NULL,
	"challenger_guild_id" integer,
	"defender_guild_id" integer,
	"challenger_name" text NOT NULL,
	"defender_name" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"battle_type" text DEFAULT 'team' NOT NULL,
	"max_participants" integer DEFAULT 5 NOT NULL,
	"winner_id" integer,
	"reward" integer DEFAULT 0 NOT NULL,
	"seed" integer,
	"duels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"challenged_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "guild_battles_status_valid" CHECK ("guild_battles"."status" in ('pending', 'active', 'completed', 'cancelled')),
	CONSTRAINT "guild_battles_participants_range" CHECK ("guild_battles"."max_participants" between 1 and 10)
);
--> statement-breakpoint
CREATE TABLE "guild_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"guild_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"invited_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guild_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"guild_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"contribution_points" integer DEFAULT 0 NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guild_members_role_valid" CHECK ("guild_members"."role" in ('leader', 'officer', 'member'))
);
--> statement-breakpoint
CREATE TABLE "guild_treasury_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"guild_id" integer NOT NULL,
	"user_id" integer,
	"delta" integer NOT NULL,
	"reason" text NOT NULL,
	"reference" text,
	"balance_after" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guilds" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"guild_avatar" text NOT NULL,
	"is_private" boolean DEFAULT false NOT NULL,
	"max_members" integer DEFAULT 20 NOT NULL,
	"experience" integer DEFAULT 0 NOT NULL,
	"treasury" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guilds_treasury_non_negative" CHECK ("guilds"."treasury" >= 0),
	CONSTRAINT "guilds_max_members_range" CHECK ("guilds"."max_members" between 2 and 20)
);
--> statement-breakpoint
ALTER TABLE "guild_battles" ADD CONSTRAINT "guild_battles_challenger_guild_id_guilds_id_fk" FOREIGN KEY ("challenger_guild_id") REFERENCES "public"."guilds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guild_battles" ADD CONSTRAINT "guild_battles_defender_guild_id_guilds_id_fk" FOREIGN KEY ("defender_guild_id") REFERENCES "public"."guilds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guild_battles" ADD CONSTRAINT "guild_battles_challenged_by_users_id_fk" FOREIGN KEY ("challenged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guild_invitations" ADD CONSTRAINT "guild_invitations_guild_id_guilds_id_fk" FOREIGN KEY ("guild_id") REFERENCES "public"."guilds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guild_invitations" ADD CONSTRAINT "guild_invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guild_invitations" ADD CONSTRAINT "guild_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guild_members" ADD CONSTRAINT "guild_members_guild_id_guilds_id_fk" FOREIGN KEY ("guild_id") REFERENCES "public"."guilds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guild_members" ADD CONSTRAINT "guild_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guild_treasury_log" ADD CONSTRAINT "guild_treasury_log_guild_id_guilds_id_fk" FOREIGN KEY ("guild_id") REFERENCES "public"."guilds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guild_treasury_log" ADD CONSTRAINT "guild_treasury_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guild_battles_challenger_idx" ON "guild_battles" USING btree ("challenger_guild_id","created_at");--> statement-breakpoint
CREATE INDEX "guild_battles_defender_idx" ON "guild_battles" USING btree ("defender_guild_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "guild_invitations_pair_idx" ON "guild_invitations" USING btree ("guild_id","user_id");--> statement-breakpoint
CREATE INDEX "guild_invitations_user_idx" ON "guild_invitations" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "guild_members_user_idx" ON "guild_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "guild_members_guild_idx" ON "guild_members" USING btree ("guild_id","joined_at");--> statement-breakpoint
CREATE INDEX "guild_treasury_log_guild_idx" ON "guild_treasury_log" USING btree ("guild_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "guilds_name_lower_idx" ON "guilds" USING btree (lower("name"));
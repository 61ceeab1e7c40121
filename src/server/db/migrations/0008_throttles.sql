CREATE TABLE "registrations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "login_failures_key_idx";--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "registrations_address_idx" ON "registrations" USING btree ("address","created_at");--> statement-breakpoint
CREATE INDEX "login_failures_key_address_idx" ON "login_failures" USING btree ("username_key","address","created_at");--> statement-breakpoint
CREATE INDEX "login_failures_address_idx" ON "login_failures" USING btree ("address","created_at");
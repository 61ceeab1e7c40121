CREATE TABLE "chat_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"username" text NOT NULL,
	"message" text NOT NULL,
	"type" text DEFAULT 'player' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_messages_type_valid" CHECK ("chat_messages"."type" in ('player', 'system')),
	CONSTRAINT "chat_messages_length" CHECK (char_length("chat_messages"."message") between 1 and 500)
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_messages_created_idx" ON "chat_messages" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "chat_messages_user_recent_idx" ON "chat_messages" USING btree ("user_id","created_at");
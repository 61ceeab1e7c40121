-- A block ends what the two had as friends (docs/decisions.md 'Moderation'): friendships and requests made before that rule, between players one of whom blocks the other, go.
DELETE FROM "friendships" f USING "blocks" b WHERE (b."blocker_id" = f."user_id" AND b."blocked_id" = f."friend_id") OR (b."blocker_id" = f."friend_id" AND b."blocked_id" = f."user_id");--> statement-breakpoint
DELETE FROM "friend_requests" r USING "blocks" b WHERE (b."blocker_id" = r."from_user_id" AND b."blocked_id" = r."to_user_id") OR (b."blocker_id" = r."to_user_id" AND b."blocked_id" = r."from_user_id");

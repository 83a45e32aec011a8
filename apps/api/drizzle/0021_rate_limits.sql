-- docs/decisions/sign-in-lockout.md: rate limits are one counter row per key, bumped atomically by a single
-- INSERT … ON CONFLICT DO UPDATE … RETURNING (shared by every api process), instead of login_attempts rows
-- checked then inserted (racy: parallel requests all passed the check).
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX "rate_limits_reset_idx" ON "rate_limits" USING btree ("reset_at");--> statement-breakpoint
-- Known devices: browsers that signed in with the right password (the cookie holds a random token, the
-- row its SHA-256); they keep signing in while strangers' failures limit the login.
CREATE TABLE "known_devices" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "known_devices" ADD CONSTRAINT "known_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "known_devices_user_idx" ON "known_devices" USING btree ("user_id");

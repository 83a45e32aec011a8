-- Transactional mail outbox (docs/decisions/mail-outbox.md): one row per mail to send, inserted in
-- the transaction of its business event, sent by the outbox job of any api process.
CREATE TABLE IF NOT EXISTS "mail_outbox" (
  "id" serial PRIMARY KEY,
  "dedupe_key" text NOT NULL,
  "kind" text NOT NULL,
  "audience" text NOT NULL DEFAULT 'customer',
  "to_address" text,
  "locale" text NOT NULL DEFAULT 'fr',
  "user_id" integer,
  "payload" jsonb NOT NULL DEFAULT '{}'::jsonb,
  "state" text NOT NULL DEFAULT 'pending',
  "attempts" integer NOT NULL DEFAULT 0,
  "next_attempt_at" timestamp with time zone NOT NULL DEFAULT now(),
  "claimed_until" timestamp with time zone,
  "claim_token" text,
  "last_error" text,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "sent_at" timestamp with time zone,
  CONSTRAINT "mail_outbox_state_check" CHECK ("state" IN ('pending', 'sent', 'failed')),
  CONSTRAINT "mail_outbox_audience_check" CHECK ("audience" IN ('customer', 'staff'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "mail_outbox_dedupe_key_uq" ON "mail_outbox" ("dedupe_key");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "mail_outbox_due_idx" ON "mail_outbox" ("next_attempt_at", "id") WHERE "state" = 'pending';

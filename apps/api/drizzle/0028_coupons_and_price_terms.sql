-- Coupons (docs/decisions/coupons.md): a code gives a percentage (basis points) or a fixed amount
-- (cents excl. VAT) off the cart's product lines of its families and brands (empty = all), from a
-- minimum order (cents excl. VAT), between two business days (inclusive, NULL = open), a number of
-- times per customer and in total (NULL = unlimited). Codes are stored upper-case.
CREATE TABLE IF NOT EXISTS "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"percent_bp" integer,
	"amount_cents" integer,
	"min_order_cents" integer DEFAULT 0 NOT NULL,
	"valid_from" date,
	"valid_to" date,
	"uses_per_customer" integer,
	"uses_total" integer,
	"families" text[] DEFAULT '{}'::text[] NOT NULL,
	"brand_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_one_reward" CHECK ((percent_bp IS NULL) <> (amount_cents IS NULL)),
	CONSTRAINT "coupons_percent_range" CHECK (percent_bp IS NULL OR (percent_bp > 0 AND percent_bp <= 10000)),
	CONSTRAINT "coupons_amount_positive" CHECK (amount_cents IS NULL OR amount_cents > 0)
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "coupons_code_key" ON "coupons" USING btree ("code");--> statement-breakpoint
-- One row per confirmed order that used a coupon (written in the confirm's transaction).
CREATE TABLE IF NOT EXISTS "coupon_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"coupon_id" integer NOT NULL REFERENCES "coupons"("id") ON DELETE cascade,
	"customer_id" integer NOT NULL REFERENCES "customers"("id") ON DELETE cascade,
	"sale_id" integer NOT NULL REFERENCES "sales"("id") ON DELETE cascade,
	"reward_cents" integer NOT NULL,
	"reward_tax_incl_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "coupon_redemptions_sale_key" ON "coupon_redemptions" USING btree ("sale_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "coupon_redemptions_coupon_idx" ON "coupon_redemptions" USING btree ("coupon_id","customer_id");--> statement-breakpoint
-- Order lines: free units of a supplier promotion (docs/decisions/supplier-promotions.md) and the
-- coupon reward line (negative amount, no product).
ALTER TABLE "sale_lines" ADD COLUMN IF NOT EXISTS "is_free" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_lines" ADD COLUMN IF NOT EXISTS "is_reward" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Veterinary-group conditions (docs/decisions/price-terms.md): a discount on the products
-- restricted to the group, for its members.
ALTER TABLE "vet_groups" ADD COLUMN IF NOT EXISTS "discount_bp" integer DEFAULT 0 NOT NULL;

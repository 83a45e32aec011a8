-- Regulated products (docs/decisions/regulated-products.md) and product links.
-- Regulatory data of the product page, NULL / empty when unknown: the customer functions the
-- product is sold to (empty = every function), the CTI (customs tariff) code, the packagings
-- ("box of 10", "carton of 120"...), the units per shrink wrap and the best-before date of the
-- first batch in stock.
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "allowed_partner_types" text[] DEFAULT '{}'::text[] NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "cti_code" text;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "packagings" text[] DEFAULT '{}'::text[] NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "units_per_shrink_wrap" integer;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "first_batch_best_before" date;
--> statement-breakpoint
-- A staff exception: this customer may order this product despite its restrictions (except
-- Belgium only). One row per customer and product; who granted it and why.
CREATE TABLE IF NOT EXISTS "restriction_exceptions" (
  "customer_id" integer NOT NULL REFERENCES "customers"("id") ON DELETE CASCADE,
  "product_id" integer NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
  "note" text DEFAULT '' NOT NULL,
  "granted_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("customer_id", "product_id")
);
--> statement-breakpoint
-- The reason a cart transaction was refused (NULL when applied or ignored).
ALTER TABLE "cart_transactions" ADD COLUMN IF NOT EXISTS "refused_reason" text;
--> statement-breakpoint
-- Cross-sell, up-sell and related products, in `sequence` order per product and kind.
CREATE TABLE IF NOT EXISTS "product_links" (
  "product_id" integer NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
  "linked_product_id" integer NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
  "kind" text NOT NULL,
  "sequence" integer DEFAULT 0 NOT NULL,
  PRIMARY KEY ("product_id", "kind", "linked_product_id"),
  CONSTRAINT "product_links_kind" CHECK ("kind" IN ('cross', 'up', 'related')),
  CONSTRAINT "product_links_not_self" CHECK ("product_id" <> "linked_product_id")
);

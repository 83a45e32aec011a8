-- docs/decisions/cart-exactly-once.md: a transaction uuid is applied at most once per customer, for ever
-- (it was once per cart: a retry of a sync whose answer was lost, sent after the confirm, went into the next cart).
ALTER TABLE "cart_transactions" ADD COLUMN "customer_id" integer;--> statement-breakpoint
UPDATE "cart_transactions" t SET "customer_id" = c."customer_id" FROM "carts" c WHERE c."id" = t."cart_id";--> statement-breakpoint
DELETE FROM "cart_transactions" a USING "cart_transactions" b
  WHERE a."customer_id" = b."customer_id" AND a."uuid" = b."uuid" AND (a."applied_at", a."cart_id") > (b."applied_at", b."cart_id");--> statement-breakpoint
ALTER TABLE "cart_transactions" ALTER COLUMN "customer_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_transactions" DROP CONSTRAINT "cart_transactions_cart_id_uuid_pk";--> statement-breakpoint
ALTER TABLE "cart_transactions" ADD CONSTRAINT "cart_transactions_customer_id_uuid_pk" PRIMARY KEY ("customer_id", "uuid");--> statement-breakpoint
ALTER TABLE "cart_transactions" ADD CONSTRAINT "cart_transactions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_transactions_cart_idx" ON "cart_transactions" ("cart_id");--> statement-breakpoint
-- docs/decisions/delivery-charges.md: the handling fee of the terms of sale is the only delivery charge; carriers
-- carry a cut-off time and a lead time in business days for the expected delivery date.
UPDATE "carriers" SET "price_cents" = 0, "free_from_cents" = NULL;--> statement-breakpoint
ALTER TABLE "carriers" ADD COLUMN "cutoff_time" text DEFAULT '16:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "carriers" ADD COLUMN "lead_business_days" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
UPDATE "carriers" SET "lead_business_days" = 2 WHERE "code" IN ('bpost_home', 'pickup_point');--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "expected_delivery_date" date;

-- Order history and shipped/delivered pickings (docs/decisions/order-history.md,
-- docs/decisions/shipped-and-delivered.md).
-- A picking is "shipped" from its creation; staff set delivered_at when the delivery is confirmed.
-- Pickings made before this change were recorded as done deliveries: they count as delivered.
ALTER TABLE "pickings" ADD COLUMN "delivered_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "pickings" SET "delivered_at" = coalesce("date_done"::timestamp AT TIME ZONE 'Europe/Brussels', "created_at");
--> statement-breakpoint
-- The invoice links of a page of the order list, and a sale's invoices (GET sales/{id}, createInvoice).
CREATE INDEX IF NOT EXISTS "invoices_sale_idx" ON "invoices" USING btree ("sale_id");

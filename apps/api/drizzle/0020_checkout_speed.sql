-- Sign-in → dashboard and checkout speed (docs/decisions/checkout-and-sign-in-speed.md): the
-- dashboard's statistics (statistics/service.ts movementsSql, topOrdered) read a customer's orders,
-- their lines and the lines' products by index alone (index-only scans), instead of fetching one
-- heap page per order, per line and per product from tables far larger than the buffer cache.
CREATE INDEX IF NOT EXISTS "sales_customer_stats_idx" ON "sales" USING btree ("customer_id","date_order","id","state");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sale_lines_sale_stats_idx" ON "sale_lines" USING btree ("sale_id","is_delivery","variant_id","qty","qty_canceled","amount_cents");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_visibility_idx" ON "products" USING btree ("id","not_sold_on_website","family","vet_group_ids");

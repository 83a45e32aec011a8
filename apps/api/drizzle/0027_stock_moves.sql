-- Stock that moves (docs/decisions/stock-moves.md, modules/stock/service.ts): stock_levels holds
-- the free units (qty_available) and the units held for confirmed order lines not yet shipped
-- (qty_reserved). Every variant gets its level row, taken from its stock state where it had none
-- (in_stock 1000, in_limited_stock 5, else 0: carts/service.ts availableFromState).
ALTER TABLE "stock_levels" ADD COLUMN IF NOT EXISTS "qty_reserved" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_qty_nonnegative" CHECK ("qty_available" >= 0 AND "qty_reserved" >= 0) NOT VALID;--> statement-breakpoint
INSERT INTO "stock_levels" ("variant_id", "qty_available")
SELECT v.id, CASE v.stock_state WHEN 'in_stock' THEN 1000 WHEN 'in_limited_stock' THEN 5 ELSE 0 END
FROM "product_variants" v
ON CONFLICT ("variant_id") DO NOTHING;--> statement-breakpoint
-- Units of open orders already in the shop count as reserved (what is neither delivered, cancelled
-- nor unavailable).
UPDATE "stock_levels" sl SET "qty_reserved" = r.qty
FROM (
  SELECT l.variant_id, sum(GREATEST(0, l.qty - l.qty_delivered - l.qty_canceled - l.qty_unavailable))::int AS qty
  FROM "sale_lines" l JOIN "sales" s ON s.id = l.sale_id
  WHERE NOT l.is_delivery AND l.variant_id IS NOT NULL AND s.state IN ('pending', 'processing', 'delivery_partial')
  GROUP BY l.variant_id
) r
WHERE r.variant_id = sl.variant_id;--> statement-breakpoint
-- Backorder lines of a variant, oldest first, when stock arrives.
CREATE INDEX IF NOT EXISTS "sale_lines_backorder_idx" ON "sale_lines" ("variant_id", "sale_id") WHERE "qty_unavailable" > 0;

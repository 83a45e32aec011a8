-- docs/decisions/search-performance.md (docs/decisions/search-performance.md): the search row carries the facet terms, stock flag and
-- visibility of its product, so a search reads one row per match (plus its list prices).
ALTER TABLE "search_documents" ADD COLUMN IF NOT EXISTS "facet_terms" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "search_documents" ADD COLUMN IF NOT EXISTS "in_stock" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "search_documents" ADD COLUMN IF NOT EXISTS "not_sold_on_website" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "search_documents" ADD COLUMN IF NOT EXISTS "vet_group_ids" integer[] DEFAULT '{}'::int[] NOT NULL;--> statement-breakpoint
-- Backfill from the products and their summaries (rebuildSearchIndex writes them from now on).
UPDATE "search_documents" sd
SET "facet_terms" = coalesce(ps.facet_terms, '{}'::text[]), "in_stock" = coalesce(ps.in_stock, FALSE),
    "not_sold_on_website" = p.not_sold_on_website, "vet_group_ids" = p.vet_group_ids
FROM "products" p LEFT JOIN "product_summaries" ps ON ps.product_id = p.id
WHERE p.id = sd.product_id;

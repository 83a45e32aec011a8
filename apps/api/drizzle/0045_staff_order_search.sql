-- The staff's order entry finds products through trigram indexes (docs/decisions/staff-orders-on-behalf.md,
-- "Finding a product"; apps/api/src/modules/staff-customers/order.ts searchOrderProducts): it read
-- every variant and product with ILIKE, about half a second a search on the benchmark data set.
-- Names qualified by schema: PostgreSQL 17 (PGlite) builds an index with a search path of
-- pg_catalog only, where an unqualified f_unaccent or unaccent is not found.
CREATE OR REPLACE FUNCTION f_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;--> statement-breakpoint
-- A variant's codes and names, folded, in one text: SKU first, so that a short query's prefix
-- pattern ('ab%') finds SKUs. Operators only (concat_ws is not immutable): the planner inlines it.
CREATE OR REPLACE FUNCTION f_variant_search_text(sku text, cnk_code text, name text, names jsonb) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT public.f_unaccent(lower(sku || ' ' || coalesce(cnk_code, '') || ' ' || coalesce(name, '') || ' '
    || coalesce(names ->> 'fr', '') || ' ' || coalesce(names ->> 'nl', '') || ' ' || coalesce(names ->> 'en', ''))) $$;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "product_variants_search_text_trgm_idx" ON "product_variants"
  USING gin (public.f_variant_search_text(sku, cnk_code, name, names) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_model_name_trgm_idx" ON "products" USING gin (public.f_unaccent(lower(model_name)) gin_trgm_ops);

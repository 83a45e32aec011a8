-- Catalogue version (docs/decisions/guest-page-cache.md): one counter that moves whenever anything a
-- guest catalogue page shows changes (catalogue, prices, stock, promotions, CMS content, banners,
-- pictures). The web keys its cache of guest pages by it (GET /catalog/version).
-- The counter is a row, not a sequence: it is bumped inside the changing transaction, so a reader
-- sees the new version only once the new data are committed (a sequence would move before commit
-- and let a page of the old data be stored under the new version).
CREATE TABLE IF NOT EXISTS "catalog_version" (
  "id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
  "version" bigint DEFAULT 1 NOT NULL,
  "changed_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "catalog_version_single_row" CHECK ("id" = 1)
);
--> statement-breakpoint
INSERT INTO "catalog_version" ("id", "version") VALUES (1, 1) ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_catalog_version() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  -- A statement that changed no row (an UPDATE … WHERE matching nothing, a refused request's
  -- probe) leaves the version alone: the transition table `changed_rows` is empty then.
  IF TG_OP = 'TRUNCATE' OR EXISTS (SELECT 1 FROM changed_rows) THEN
    UPDATE "catalog_version" SET "version" = "version" + 1, "changed_at" = now() WHERE "id" = 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Statement-level triggers (a bulk import statement bumps once) on every table a guest page reads:
-- one per event, since a trigger with a transition table has a single event.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY[
    'products', 'product_translations', 'product_variants', 'product_categories', 'product_summaries',
    'product_list_prices', 'product_links', 'categories', 'category_translations', 'brands',
    'price_lists', 'price_tiers', 'variant_prices', 'specials', 'discounts', 'selection_items',
    'stock_levels', 'search_documents', 'search_words', 'catalog_images', 'restriction_exceptions',
    'cms_contents', 'cms_translations', 'info_banners', 'advertisements'
  ] LOOP
    IF to_regclass(format('public.%I', t)) IS NOT NULL THEN
      EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_cv_insert', t);
      EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_cv_update', t);
      EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_cv_delete', t);
      EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_cv_truncate', t);
      EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed_rows '
        || 'FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version()', t || '_cv_insert', t);
      EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed_rows '
        || 'FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version()', t || '_cv_update', t);
      EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed_rows '
        || 'FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version()', t || '_cv_delete', t);
      EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I '
        || 'FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version()', t || '_cv_truncate', t);
    END IF;
  END LOOP;
END
$$;

-- The text match's own narrow rows (docs/decisions/search-performance.md, "A text matched on narrow
-- rows"): a search's text statement (search-products.ts textMatchesSql) reads, for each matching
-- model, its two vectors (for the rank) and its visibility; the search row also carries the folded
-- name, principles and description, the facet terms and the popularity, so that a broad word's
-- bitmap heap visit read three to four search rows per page. search_texts holds only what the text
-- statement reads. It is a mirror of search_documents kept by the triggers below, in the changing
-- statement itself: every writer of search rows (the index rebuild, the stock flag, the
-- popularity, a test) keeps it right without knowing of it.
-- No search row may change between the copy below and the triggers (this migration's transaction
-- holds the lock until it commits).
LOCK TABLE search_documents IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "search_texts" (
  "product_id" integer NOT NULL,
  "locale" text NOT NULL,
  "document" tsvector NOT NULL,
  "description_vector" tsvector NOT NULL,
  "not_sold_on_website" boolean NOT NULL,
  "vet_group_ids" integer[] NOT NULL,
  CONSTRAINT "search_texts_pk" PRIMARY KEY ("product_id", "locale")
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION mirror_search_texts() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    TRUNCATE search_texts;
    RETURN NULL;
  END IF;
  -- Each statement names only the transition tables its operation has (plpgsql plans a
  -- statement when it first runs it).
  IF TG_OP = 'DELETE' THEN
    DELETE FROM search_texts t USING old_rows o WHERE t.product_id = o.product_id AND t.locale = o.locale;
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    -- An UPDATE that changed a row's key leaves its old key gone.
    DELETE FROM search_texts t USING old_rows o
    WHERE t.product_id = o.product_id AND t.locale = o.locale
      AND NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.product_id = o.product_id AND n.locale = o.locale);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    -- A row whose mirrored columns did not change (a stock flag, a popularity) is left as it is
    -- (not even locked).
    INSERT INTO search_texts (product_id, locale, document, description_vector, not_sold_on_website, vet_group_ids)
    SELECT n.product_id, n.locale, n.document, n.description_vector, n.not_sold_on_website, n.vet_group_ids
    FROM new_rows n
    WHERE NOT EXISTS (
      SELECT 1 FROM search_texts t
      WHERE t.product_id = n.product_id AND t.locale = n.locale
        AND (t.document, t.description_vector, t.not_sold_on_website, t.vet_group_ids)
          IS NOT DISTINCT FROM (n.document, n.description_vector, n.not_sold_on_website, n.vet_group_ids))
    ON CONFLICT (product_id, locale) DO UPDATE SET
      document = EXCLUDED.document, description_vector = EXCLUDED.description_vector,
      not_sold_on_website = EXCLUDED.not_sold_on_website, vet_group_ids = EXCLUDED.vet_group_ids;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "search_documents_texts_insert" ON "search_documents";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "search_documents_texts_update" ON "search_documents";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "search_documents_texts_delete" ON "search_documents";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "search_documents_texts_truncate" ON "search_documents";
--> statement-breakpoint
CREATE TRIGGER "search_documents_texts_insert" AFTER INSERT ON "search_documents" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION mirror_search_texts();
--> statement-breakpoint
CREATE TRIGGER "search_documents_texts_update" AFTER UPDATE ON "search_documents" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION mirror_search_texts();
--> statement-breakpoint
CREATE TRIGGER "search_documents_texts_delete" AFTER DELETE ON "search_documents" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION mirror_search_texts();
--> statement-breakpoint
CREATE TRIGGER "search_documents_texts_truncate" AFTER TRUNCATE ON "search_documents" FOR EACH STATEMENT EXECUTE FUNCTION mirror_search_texts();
--> statement-breakpoint
-- The rows copied, then the indexes built over them at once (no GIN pending list to merge).
INSERT INTO search_texts (product_id, locale, document, description_vector, not_sold_on_website, vet_group_ids)
SELECT product_id, locale, document, description_vector, not_sold_on_website, vet_group_ids FROM search_documents
ON CONFLICT (product_id, locale) DO NOTHING;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS search_texts_document_fr_idx ON search_texts USING gin (document) WHERE locale = 'fr';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS search_texts_document_nl_idx ON search_texts USING gin (document) WHERE locale = 'nl';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS search_texts_document_en_idx ON search_texts USING gin (document) WHERE locale = 'en';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS search_texts_description_fr_idx ON search_texts USING gin (description_vector) WHERE locale = 'fr';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS search_texts_description_nl_idx ON search_texts USING gin (description_vector) WHERE locale = 'nl';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS search_texts_description_en_idx ON search_texts USING gin (description_vector) WHERE locale = 'en';--> statement-breakpoint
ALTER TABLE search_texts SET (parallel_workers = 0);

-- Search performance (docs/decisions/search-performance.md).
-- Per-locale GIN indexes: a search always filters on one locale; with the locale in the index
-- predicate the planner no longer ANDs the GIN bitmap with the (large) locale bitmap.
CREATE INDEX IF NOT EXISTS search_documents_document_fr_idx ON search_documents USING gin (document) WHERE locale = 'fr';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS search_documents_document_nl_idx ON search_documents USING gin (document) WHERE locale = 'nl';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS search_documents_document_en_idx ON search_documents USING gin (document) WHERE locale = 'en';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS search_documents_description_fr_idx ON search_documents USING gin (description_vector) WHERE locale = 'fr';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS search_documents_description_nl_idx ON search_documents USING gin (description_vector) WHERE locale = 'nl';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS search_documents_description_en_idx ON search_documents USING gin (description_vector) WHERE locale = 'en';--> statement-breakpoint
-- Autocomplete "name starts with": btree prefix range on the folded name, per locale.
CREATE INDEX IF NOT EXISTS search_documents_name_prefix_idx ON search_documents (locale, name_norm text_pattern_ops);--> statement-breakpoint
-- Search statements are short: parallel workers cost more (start-up, 5-8 ms) than they save, and
-- steal the other cores from concurrent requests. Off for this database's new sessions (skipped
-- with a notice when the migrating role may not alter the database), and per table as well.
DO $$
BEGIN
  EXECUTE format('ALTER DATABASE %I SET max_parallel_workers_per_gather = 0', current_database());
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'max_parallel_workers_per_gather left unchanged: %', SQLERRM;
END
$$;--> statement-breakpoint
ALTER TABLE search_documents SET (parallel_workers = 0);--> statement-breakpoint
ALTER TABLE products SET (parallel_workers = 0);--> statement-breakpoint
ALTER TABLE product_variants SET (parallel_workers = 0);--> statement-breakpoint
ALTER TABLE product_translations SET (parallel_workers = 0);--> statement-breakpoint
ALTER TABLE product_summaries SET (parallel_workers = 0);--> statement-breakpoint
ALTER TABLE product_list_prices SET (parallel_workers = 0);

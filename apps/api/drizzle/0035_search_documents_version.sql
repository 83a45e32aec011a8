-- Search documents version (docs/decisions/autocomplete-index.md): a second counter on the
-- catalogue version's row that moves only when a search document changes (an import, an index
-- rebuild, a product's text or visibility). The api keeps the autocomplete's candidates in memory
-- per process and rebuilds them when this counter moves; the catalogue version itself also moves
-- with prices, stock states, content and the clock's edges, which the autocomplete never reads.
-- Bumped inside the changing transaction, like the catalogue version (0030_catalog_version.sql).
ALTER TABLE "catalog_version" ADD COLUMN IF NOT EXISTS "search_version" bigint DEFAULT 1 NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_search_version() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' OR EXISTS (SELECT 1 FROM changed_rows) THEN
    UPDATE "catalog_version" SET "search_version" = "search_version" + 1 WHERE "id" = 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "search_documents_sv_insert" ON "search_documents";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "search_documents_sv_update" ON "search_documents";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "search_documents_sv_delete" ON "search_documents";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "search_documents_sv_truncate" ON "search_documents";
--> statement-breakpoint
CREATE TRIGGER "search_documents_sv_insert" AFTER INSERT ON "search_documents" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_search_version();
--> statement-breakpoint
CREATE TRIGGER "search_documents_sv_update" AFTER UPDATE ON "search_documents" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_search_version();
--> statement-breakpoint
CREATE TRIGGER "search_documents_sv_delete" AFTER DELETE ON "search_documents" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_search_version();
--> statement-breakpoint
CREATE TRIGGER "search_documents_sv_truncate" AFTER TRUNCATE ON "search_documents" FOR EACH STATEMENT EXECUTE FUNCTION bump_search_version();

-- docs/decisions/search-performance.md (docs/decisions/search-performance.md): autocomplete "active principle" candidates come
-- from a trigram index per locale; with the table-wide index the planner ANDed its bitmap with the
-- (locale-wide) name index bitmap, 30 of the 40 ms of a prefix such as "Bovin" at 32k models.
CREATE INDEX IF NOT EXISTS search_documents_principles_trgm_fr_idx ON search_documents USING gin (principles_norm gin_trgm_ops) WHERE locale = 'fr';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS search_documents_principles_trgm_nl_idx ON search_documents USING gin (principles_norm gin_trgm_ops) WHERE locale = 'nl';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS search_documents_principles_trgm_en_idx ON search_documents USING gin (principles_norm gin_trgm_ops) WHERE locale = 'en';--> statement-breakpoint
DROP INDEX IF EXISTS search_documents_principles_trgm_idx;

-- docs/decisions/search-performance.md (docs/decisions/search-performance.md): the autocomplete's "other matches" (name words, description)
-- come from trigram indexes per locale, as the active principles do (0014): with the table-wide indexes every
-- locale's matches were rechecked (their descriptions read), 40-60 ms for a word such as "chirur" at 32k models.
CREATE INDEX IF NOT EXISTS search_documents_name_trgm_fr_idx ON search_documents USING gin (name_norm gin_trgm_ops) WHERE locale = 'fr';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS search_documents_name_trgm_nl_idx ON search_documents USING gin (name_norm gin_trgm_ops) WHERE locale = 'nl';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS search_documents_name_trgm_en_idx ON search_documents USING gin (name_norm gin_trgm_ops) WHERE locale = 'en';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS search_documents_description_trgm_fr_idx ON search_documents USING gin (description_norm gin_trgm_ops) WHERE locale = 'fr';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS search_documents_description_trgm_nl_idx ON search_documents USING gin (description_norm gin_trgm_ops) WHERE locale = 'nl';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS search_documents_description_trgm_en_idx ON search_documents USING gin (description_norm gin_trgm_ops) WHERE locale = 'en';--> statement-breakpoint
DROP INDEX IF EXISTS search_documents_name_trgm_idx;--> statement-breakpoint
DROP INDEX IF EXISTS search_documents_description_trgm_idx;

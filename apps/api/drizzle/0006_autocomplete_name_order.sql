-- Autocomplete "other matches" tier: walk the folded names of a locale in byte order (the ORDER BY
-- of the autocomplete, name_norm COLLATE "C") and stop after the requested number of matches.
CREATE INDEX IF NOT EXISTS search_documents_name_order_idx ON search_documents (locale, (name_norm COLLATE "C"), product_id);
--> statement-breakpoint
-- Superseded by the primary key (product_id, locale), the per-locale GIN indexes and the index
-- above; the planner ANDed its (locale-wide, 1/3 of the table) bitmap with selective GIN bitmaps.
DROP INDEX IF EXISTS search_documents_locale_idx;

-- What a product is searched by besides its texts, folded, in its search row: its own search
-- words, its species labels, and its categories' names and search words
-- (docs/decisions/autocomplete-index.md, "What a medicine is for, in the suggestions"): the
-- autocomplete suggests the flea products for "vlooien" after the names, principles and
-- descriptions. Written by apps/api/src/modules/catalog/search-index.ts; the catalogue import
-- rebuilds every row.
ALTER TABLE "search_documents" ADD COLUMN IF NOT EXISTS "words_norm" text DEFAULT '' NOT NULL;

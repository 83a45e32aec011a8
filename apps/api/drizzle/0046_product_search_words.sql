-- Words a product is searched by that its texts do not say (docs/decisions/search-ranking.md, "Fleas
-- are not worms"): an antiparasitic's "puces", "vlooien", "flea" by what it acts on. Written by the
-- catalogue import, indexed with label D by apps/api/src/modules/catalog/search-index.ts.
ALTER TABLE "product_translations" ADD COLUMN IF NOT EXISTS "search_words" text;

-- Practices that ordered a product in the last 365 days, per search row (docs/decisions/search-ranking.md,
-- "Equally relevant products"): the relevance sort orders equally ranked products most bought first.
-- Filled by the next index rebuild or popularity refresh (the api refreshes it when it starts).
ALTER TABLE "search_documents" ADD COLUMN IF NOT EXISTS "popularity" integer DEFAULT 0 NOT NULL;

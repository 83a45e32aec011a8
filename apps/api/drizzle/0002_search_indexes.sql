-- Search indexes (docs/product/catalogue-and-search.md#search-index; docs/decisions/search-performance.md).
-- Trigram indexes serve autocomplete (LIKE '%…%' on folded text) and "did you mean" (word % query).
CREATE INDEX IF NOT EXISTS search_words_word_trgm_idx ON search_words USING gin (word gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS search_documents_name_trgm_idx ON search_documents USING gin (name_norm gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS search_documents_principles_trgm_idx ON search_documents USING gin (principles_norm gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS search_documents_description_trgm_idx ON search_documents USING gin (description_norm gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS search_documents_locale_idx ON search_documents (locale, product_id);--> statement-breakpoint
-- Exact code lookups (sku / AMM compared upper-cased).
CREATE INDEX IF NOT EXISTS product_variants_sku_upper_idx ON product_variants (upper(sku));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS products_amm_upper_idx ON products (upper(amm_code));--> statement-breakpoint
-- Url key lookups in any locale and through redirect keys.
CREATE INDEX IF NOT EXISTS product_translations_url_key_any_idx ON product_translations (url_key);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS product_translations_redirects_idx ON product_translations USING gin (redirect_url_keys);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS category_translations_url_key_any_idx ON category_translations (url_key);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS category_translations_redirects_idx ON category_translations USING gin (redirect_url_keys);

-- Code search (docs/decisions/search-ranking.md "Exact codes first"): an AMM number is looked up
-- with or without its date suffix ("FR/V/1897150" and "FR/V/1897150 9/1986"), so the two
-- normalised forms of products.amm_code get an index each.
CREATE INDEX IF NOT EXISTS products_amm_number_idx ON products (upper(split_part(amm_code, ' ', 1)));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS products_amm_compact_idx ON products (upper(regexp_replace(amm_code, '\s+', '', 'g')));

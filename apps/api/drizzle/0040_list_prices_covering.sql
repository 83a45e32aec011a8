-- The viewer's list prices of a search's matching set (docs/decisions/search-performance.md,
-- "List prices read from their index"): the search joins every matched model to its row of the
-- viewer's price list (search-products.ts matchingSet). For a word matching a few thousand models
-- the planner hashes the whole list (31,698 rows on the benchmark data set), read through the
-- price index with a visit of nearly every page of the table, where the seven lists' rows lie
-- mixed. With the columns the search reads stored in this index, the list is read from the index
-- alone (an index-only scan; the table's pages are all-visible once vacuumed).
CREATE INDEX IF NOT EXISTS product_list_prices_cover_idx ON product_list_prices
  (price_list_id, product_id) INCLUDE (has_discount, discount_end, min_price_cents, min_net_cents);

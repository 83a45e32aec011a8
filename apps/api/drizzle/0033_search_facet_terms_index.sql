-- Category browse (docs/decisions/search-performance.md, "Category browse"): a category page narrows
-- the matching set to the rows whose facet terms overlap the category's subtree
-- (`facet_terms && ARRAY['category:…']`, search-facets.ts facetCondition) before counting facets.
-- Without an index that test read every row of search_documents (92 ms for a category of 18
-- models on the benchmark data set); with it a small category is a bitmap index scan (4–20 ms).
CREATE INDEX IF NOT EXISTS search_documents_facet_terms_idx ON search_documents USING gin (facet_terms);

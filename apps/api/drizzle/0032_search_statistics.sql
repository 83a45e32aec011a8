-- Search planner statistics (docs/decisions/search-performance.md, "Uncached CPU").
-- Every search and autocomplete tests `cardinality(vet_group_ids) = 0` (visibleTo, viewer.ts). With
-- no statistics on that expression the planner took 0.5 % of the rows for it: a search matching
-- 14,000 models was planned for ~70, with a nested loop of 14,000 price lookups and an aggregate
-- sized for 10 groups. Extended statistics on the expression give the true fraction (~97 %).
CREATE STATISTICS IF NOT EXISTS search_documents_public_stx ON (cardinality(vet_group_ids)) FROM search_documents;--> statement-breakpoint
ANALYZE search_documents;

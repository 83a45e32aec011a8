-- The products of a veterinary group found through an index (docs/decisions/vet-group-pages.md):
-- the vet efficiency page counts and pages a group's products by `vet_group_ids @> ARRAY[group]`,
-- which the btree indexes of products can only answer by reading every product.
CREATE INDEX IF NOT EXISTS "products_vet_groups_idx" ON "products" USING gin ("vet_group_ids");

-- Pictures of products, variants and categories (docs/decisions/product-pictures.md).
-- One row per picture: its owner (a product, optionally narrowed to one of its variants, or a
-- category), its place in the gallery (`sequence`, ascending), an optional `tag` (e.g. "packshot"),
-- the alt text per locale (jsonb {fr, nl, en}; a missing locale falls back to another, then to the
-- owner's name), and its four webp renditions made once at upload (`sizes`: jsonb
-- {small|medium|large|xlarge: {file_id, width, height, sha256}}, widths in px). The bytes live in
-- stored_files (purpose product_image); deleting a picture deletes its four files.
CREATE TABLE IF NOT EXISTS "catalog_images" (
  "id" serial PRIMARY KEY NOT NULL,
  "product_id" integer REFERENCES "products"("id") ON DELETE CASCADE,
  "variant_id" integer REFERENCES "product_variants"("id") ON DELETE SET NULL,
  "category_id" integer REFERENCES "categories"("id") ON DELETE CASCADE,
  "sequence" integer DEFAULT 0 NOT NULL,
  "tag" text,
  "alt" jsonb DEFAULT '{}'::jsonb NOT NULL,
  "sizes" jsonb NOT NULL,
  "source_sha256" text NOT NULL,
  "created_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "catalog_images_one_owner" CHECK (("product_id" IS NULL) <> ("category_id" IS NULL)),
  CONSTRAINT "catalog_images_variant_of_product" CHECK ("variant_id" IS NULL OR "product_id" IS NOT NULL)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "catalog_images_product_idx" ON "catalog_images" ("product_id", "sequence", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "catalog_images_category_idx" ON "catalog_images" ("category_id", "sequence", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "catalog_images_variant_idx" ON "catalog_images" ("variant_id");

-- Names of a variant per language (docs/decisions/catalogue-vocabulary.md, "Variant names in the
-- page's language"): {"fr": …, "nl": …, "en": …} for a generated pack or equipment variant whose
-- label differs by language ("4 injecteurs" / "4 injectoren" / "4 syringes"); NULL when `name`
-- reads the same in every language (real presentations keep their source wording).
ALTER TABLE "product_variants" ADD COLUMN IF NOT EXISTS "names" jsonb;

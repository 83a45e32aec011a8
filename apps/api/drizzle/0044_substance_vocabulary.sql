-- Active substances as one filter value across sources and salts (docs/decisions/substance-facet.md):
-- each source wording of an active substance ("Acétate de dexaméthasone", "Dexamethasone Sodium
-- Phosphate") names its substance key ("dexamethason"), which the `active_principle` facet counts;
-- each key has a label per locale. Filled by the catalogue import; a wording without a row is its
-- own key and label, as before.
CREATE TABLE IF NOT EXISTS "substance_terms" (
  "wording" text PRIMARY KEY NOT NULL,
  "key" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "substance_labels" (
  "key" text NOT NULL,
  "locale" text NOT NULL,
  "label" text NOT NULL,
  CONSTRAINT "substance_labels_key_locale_pk" PRIMARY KEY ("key", "locale")
);

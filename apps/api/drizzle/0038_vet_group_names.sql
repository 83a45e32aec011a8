-- Names of a veterinary group per language (docs/decisions/catalogue-vocabulary.md, "Veterinary
-- group names in the page's language"): {"fr": …, "nl": …, "en": …}; NULL when `name` reads the
-- same in every language. The four groups the import creates get theirs here too, so a database
-- imported before does not wait for its next import.
ALTER TABLE "vet_groups" ADD COLUMN IF NOT EXISTS "names" jsonb;
--> statement-breakpoint
UPDATE "vet_groups" SET "names" = v.names::jsonb
FROM (VALUES
  ('companion', '{"fr": "Animaux de compagnie", "nl": "Gezelschapsdieren", "en": "Companion animals"}'),
  ('equine', '{"fr": "Réseau équin", "nl": "Paardennetwerk", "en": "Equine network"}'),
  ('rural', '{"fr": "Praticiens ruraux", "nl": "Plattelandspraktijken", "en": "Rural practitioners"}'),
  ('university', '{"fr": "Cliniques universitaires", "nl": "Universitaire klinieken", "en": "University clinics"}')
) AS v(code, names)
WHERE "vet_groups"."code" = v.code AND "vet_groups"."names" IS NULL;

-- The page of the terms of sale is found by its group (docs/decisions/terms-of-sale-link.md,
-- CMS_TERMS_GROUP): the registration form links to it. The seeded page of a database made before
-- this change still has the group 'legal'; it gets the new group. A page staff made or renamed is
-- left as it is.
UPDATE "cms_contents" SET "group" = 'terms-of-sale'
WHERE "type" = 'page' AND "group" = 'legal'
  AND "id" IN (SELECT "content_id" FROM "cms_translations" WHERE "locale" = 'fr' AND "url" = 'conditions-generales-de-vente')
  AND NOT EXISTS (SELECT 1 FROM "cms_contents" WHERE "type" = 'page' AND "group" = 'terms-of-sale');

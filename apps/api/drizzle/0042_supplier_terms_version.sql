-- Supplier terms (supplier discounts and supplier promotions) move the catalogue version too
-- (docs/decisions/promotions-visibility.md, "The list's answers kept by catalogue version"): the
-- promotions list and the offers on a customer's home show them, and their answers are now kept by
-- version like the search's. Same statement-level triggers as 0030_catalog_version.sql.
CREATE TRIGGER supplier_terms_cv_insert AFTER INSERT ON supplier_terms REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
--> statement-breakpoint
CREATE TRIGGER supplier_terms_cv_update AFTER UPDATE ON supplier_terms REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
--> statement-breakpoint
CREATE TRIGGER supplier_terms_cv_delete AFTER DELETE ON supplier_terms REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
--> statement-breakpoint
CREATE TRIGGER supplier_terms_cv_truncate AFTER TRUNCATE ON supplier_terms
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();

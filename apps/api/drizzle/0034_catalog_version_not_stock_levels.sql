-- Catalogue version (docs/decisions/guest-page-cache.md): stock units no longer move it. Guest
-- pages show a variant's stock state (product_variants.stock_state, whose own triggers still bump
-- the version), never its units; only the private cart reads stock_levels. Every order reserved
-- stock, so every order emptied the web's cache of guest pages.
DROP TRIGGER IF EXISTS "stock_levels_cv_insert" ON "stock_levels";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "stock_levels_cv_update" ON "stock_levels";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "stock_levels_cv_delete" ON "stock_levels";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "stock_levels_cv_truncate" ON "stock_levels";

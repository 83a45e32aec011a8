CREATE TABLE "brands" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"image_url" text,
	CONSTRAINT "brands_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"parent_id" integer,
	"level" integer DEFAULT 0 NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"family" text NOT NULL,
	"generated" boolean DEFAULT true NOT NULL,
	CONSTRAINT "categories_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "category_translations" (
	"category_id" integer NOT NULL,
	"locale" text NOT NULL,
	"name" text NOT NULL,
	"subtitle" text,
	"short_description" text,
	"description" text,
	"seo_title" text,
	"meta_description" text,
	"meta_keywords" text,
	"url_key" text NOT NULL,
	"redirect_url_keys" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "category_translations_category_id_locale_pk" PRIMARY KEY("category_id","locale")
);
--> statement-breakpoint
CREATE TABLE "discounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"variant_id" integer NOT NULL,
	"price_list_id" integer NOT NULL,
	"discount_bp" integer NOT NULL,
	"min_quantity" integer DEFAULT 0 NOT NULL,
	"exclusive" boolean DEFAULT false NOT NULL,
	"date_start" date,
	"date_end" date
);
--> statement-breakpoint
CREATE TABLE "import_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"checksum" text NOT NULL,
	"report" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "price_lists_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "price_tiers" (
	"id" serial PRIMARY KEY NOT NULL,
	"variant_id" integer NOT NULL,
	"price_list_id" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"min_quantity" integer DEFAULT 0 NOT NULL,
	"date_start" date,
	"date_end" date
);
--> statement-breakpoint
CREATE TABLE "product_categories" (
	"product_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "product_categories_product_id_category_id_pk" PRIMARY KEY("product_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "product_translations" (
	"product_id" integer NOT NULL,
	"locale" text NOT NULL,
	"name" text NOT NULL,
	"short_name" text,
	"url_key" text NOT NULL,
	"redirect_url_keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"description" text,
	"short_description" text,
	"seo_title" text,
	"meta_keywords" text,
	"meta_description" text,
	CONSTRAINT "product_translations_product_id_locale_pk" PRIMARY KEY("product_id","locale")
);
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"barcode" text,
	"cnk_code" text,
	"sequence" integer DEFAULT 0 NOT NULL,
	"is_main" boolean DEFAULT false NOT NULL,
	"stock_state" text NOT NULL,
	"tax_rate_bp" integer NOT NULL,
	"units_per_pack" integer,
	"made_to_order" boolean DEFAULT false NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "product_variants_sku_unique" UNIQUE("sku")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"family" text NOT NULL,
	"model_name" text NOT NULL,
	"brand_id" integer,
	"manufacturer" text,
	"source_locale" text NOT NULL,
	"sources" text[] NOT NULL,
	"source_refs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"generated" boolean DEFAULT false NOT NULL,
	"amm_code" text,
	"atcvet" text,
	"legal_category" text,
	"therapeutic_group" text,
	"active_principles" text[] DEFAULT '{}'::text[] NOT NULL,
	"species" text[] DEFAULT '{}'::text[] NOT NULL,
	"administration_routes" text[] DEFAULT '{}'::text[] NOT NULL,
	"presentation" text,
	"animal_sizes" text[] DEFAULT '{}'::text[] NOT NULL,
	"ages" text[] DEFAULT '{}'::text[] NOT NULL,
	"food_ranges" text[] DEFAULT '{}'::text[] NOT NULL,
	"indications" text[] DEFAULT '{}'::text[] NOT NULL,
	"colours" text[] DEFAULT '{}'::text[] NOT NULL,
	"clothing_sizes" text[] DEFAULT '{}'::text[] NOT NULL,
	"vet_group_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"flags" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"amcra_class" text,
	"storage_temperature" text,
	"leaflet_url" text,
	"info_url" text,
	"not_sold_on_website" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "search_documents" (
	"product_id" integer NOT NULL,
	"locale" text NOT NULL,
	"document" "tsvector" NOT NULL,
	"description_vector" "tsvector" NOT NULL,
	"name_norm" text NOT NULL,
	"principles_norm" text DEFAULT '' NOT NULL,
	"description_norm" text DEFAULT '' NOT NULL,
	CONSTRAINT "search_documents_product_id_locale_pk" PRIMARY KEY("product_id","locale")
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"locale" text NOT NULL,
	"word" text NOT NULL,
	"frequency" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "search_words_locale_word_pk" PRIMARY KEY("locale","word")
);
--> statement-breakpoint
CREATE TABLE "specials" (
	"id" serial PRIMARY KEY NOT NULL,
	"variant_id" integer NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"date_start" date,
	"date_end" date
);
--> statement-breakpoint
CREATE TABLE "supplier_terms" (
	"id" serial PRIMARY KEY NOT NULL,
	"variant_id" integer NOT NULL,
	"kind" text NOT NULL,
	"discount_bp" integer,
	"main_quantity" integer,
	"promo_quantity" integer,
	"time_frame" text,
	"date_start" date,
	"date_end" date
);
--> statement-breakpoint
CREATE TABLE "variant_prices" (
	"variant_id" integer NOT NULL,
	"price_list_id" integer NOT NULL,
	"gross_cents" integer NOT NULL,
	"net_cents" integer NOT NULL,
	"indicated_cents" integer,
	"has_discount" boolean DEFAULT false NOT NULL,
	"discount_end" date,
	"computed_on" date NOT NULL,
	CONSTRAINT "variant_prices_variant_id_price_list_id_pk" PRIMARY KEY("variant_id","price_list_id")
);
--> statement-breakpoint
CREATE TABLE "vet_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "vet_groups_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "category_translations" ADD CONSTRAINT "category_translations_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_price_list_id_price_lists_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."price_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_tiers" ADD CONSTRAINT "price_tiers_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_tiers" ADD CONSTRAINT "price_tiers_price_list_id_price_lists_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."price_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_translations" ADD CONSTRAINT "product_translations_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_documents" ADD CONSTRAINT "search_documents_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specials" ADD CONSTRAINT "specials_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_terms" ADD CONSTRAINT "supplier_terms_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variant_prices" ADD CONSTRAINT "variant_prices_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variant_prices" ADD CONSTRAINT "variant_prices_price_list_id_price_lists_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."price_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "category_translations_url_key_idx" ON "category_translations" USING btree ("locale","url_key");--> statement-breakpoint
CREATE INDEX "discounts_variant_idx" ON "discounts" USING btree ("variant_id","price_list_id");--> statement-breakpoint
CREATE INDEX "price_tiers_variant_idx" ON "price_tiers" USING btree ("variant_id","price_list_id");--> statement-breakpoint
CREATE INDEX "product_categories_cat_idx" ON "product_categories" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_translations_url_key_idx" ON "product_translations" USING btree ("locale","url_key");--> statement-breakpoint
CREATE INDEX "product_variants_product_idx" ON "product_variants" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "product_variants_barcode_idx" ON "product_variants" USING btree ("barcode");--> statement-breakpoint
CREATE INDEX "product_variants_cnk_idx" ON "product_variants" USING btree ("cnk_code");--> statement-breakpoint
CREATE INDEX "products_species_idx" ON "products" USING gin ("species");--> statement-breakpoint
CREATE INDEX "products_routes_idx" ON "products" USING gin ("administration_routes");--> statement-breakpoint
CREATE INDEX "products_principles_idx" ON "products" USING gin ("active_principles");--> statement-breakpoint
CREATE INDEX "products_family_idx" ON "products" USING btree ("family");--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "products" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "search_documents_document_idx" ON "search_documents" USING gin ("document");--> statement-breakpoint
CREATE INDEX "search_documents_description_idx" ON "search_documents" USING gin ("description_vector");--> statement-breakpoint
CREATE INDEX "specials_variant_idx" ON "specials" USING btree ("variant_id");--> statement-breakpoint
CREATE INDEX "supplier_terms_variant_idx" ON "supplier_terms" USING btree ("variant_id");--> statement-breakpoint
CREATE INDEX "variant_prices_list_net_idx" ON "variant_prices" USING btree ("price_list_id","net_cents");
CREATE TABLE "product_list_prices" (
	"price_list_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"has_discount" boolean DEFAULT false NOT NULL,
	"discount_end" date,
	"min_price_cents" integer,
	"min_net_cents" integer,
	CONSTRAINT "product_list_prices_price_list_id_product_id_pk" PRIMARY KEY("price_list_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "product_summaries" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"in_stock" boolean DEFAULT false NOT NULL,
	"category_ids" integer[] DEFAULT '{}'::int[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_list_prices" ADD CONSTRAINT "product_list_prices_price_list_id_price_lists_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."price_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_list_prices" ADD CONSTRAINT "product_list_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_summaries" ADD CONSTRAINT "product_summaries_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_list_prices_net_idx" ON "product_list_prices" USING btree ("price_list_id","min_net_cents");--> statement-breakpoint
CREATE INDEX "product_list_prices_price_idx" ON "product_list_prices" USING btree ("price_list_id","min_price_cents");
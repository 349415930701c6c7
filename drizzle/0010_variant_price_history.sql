-- The prices variants had before their current one (the PIN rule at the till measures a sale
-- against the lowest price since the till's copy of the catalogue). Nothing to backfill: no past
-- price was kept before this table, and the current price stays on product_variants, which the
-- lookup always reads.
CREATE TABLE "variant_price_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "variant_price_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"shop_id" text NOT NULL,
	"variant_id" text NOT NULL,
	"price" bigint NOT NULL,
	"replaced_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "variant_price_history" ADD CONSTRAINT "variant_price_history_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variant_price_history" ADD CONSTRAINT "variant_price_history_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "variant_price_history_variant_idx" ON "variant_price_history" USING btree ("variant_id","replaced_at");
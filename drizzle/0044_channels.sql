CREATE TABLE "channel_settings" (
	"shop_id" text PRIMARY KEY NOT NULL,
	"whatsapp_phone" text,
	"message_templates" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"feed_secret" text NOT NULL,
	"feed_brand" text DEFAULT '' NOT NULL,
	"meta_feed_read_at" timestamp with time zone,
	"google_feed_read_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_channel_hidden" (
	"shop_id" text NOT NULL,
	"product_id" text NOT NULL,
	"channel" text NOT NULL,
	CONSTRAINT "product_channel_hidden_product_id_channel_pk" PRIMARY KEY("product_id","channel")
);
--> statement-breakpoint
CREATE TABLE "variant_channel_prices" (
	"shop_id" text NOT NULL,
	"product_id" text NOT NULL,
	"variant_id" text NOT NULL,
	"channel" text NOT NULL,
	"price" bigint NOT NULL,
	CONSTRAINT "variant_channel_prices_variant_id_channel_pk" PRIMARY KEY("variant_id","channel")
);
--> statement-breakpoint
ALTER TABLE "product_images" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "product_images" ADD COLUMN "height" integer;--> statement-breakpoint
ALTER TABLE "channel_settings" ADD CONSTRAINT "channel_settings_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_channel_hidden" ADD CONSTRAINT "product_channel_hidden_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_channel_hidden" ADD CONSTRAINT "product_channel_hidden_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variant_channel_prices" ADD CONSTRAINT "variant_channel_prices_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variant_channel_prices" ADD CONSTRAINT "variant_channel_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variant_channel_prices" ADD CONSTRAINT "variant_channel_prices_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "channel_settings_feed_secret_uq" ON "channel_settings" USING btree ("feed_secret");--> statement-breakpoint
CREATE INDEX "product_channel_hidden_shop_idx" ON "product_channel_hidden" USING btree ("shop_id","channel");--> statement-breakpoint
CREATE INDEX "variant_channel_prices_product_idx" ON "variant_channel_prices" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "variant_channel_prices_shop_idx" ON "variant_channel_prices" USING btree ("shop_id","channel");
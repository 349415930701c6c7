CREATE TABLE "shop_slug_redirects" (
	"slug" text PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storefront_carts" (
	"id" text PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"phone" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"lines" jsonb NOT NULL,
	"total" bigint NOT NULL,
	"order_id" text,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storefronts" (
	"shop_id" text PRIMARY KEY NOT NULL,
	"is_published" boolean DEFAULT false NOT NULL,
	"layout" jsonb NOT NULL,
	"primary_color" text NOT NULL,
	"tagline" text DEFAULT '' NOT NULL,
	"pages" jsonb NOT NULL,
	"allows_mobile_money" boolean DEFAULT true NOT NULL,
	"allows_cash_on_delivery" boolean DEFAULT true NOT NULL,
	"cash_on_delivery_max" bigint,
	"allows_pickup" boolean DEFAULT true NOT NULL,
	"shows_stock_counts" boolean DEFAULT false NOT NULL,
	"custom_domain" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "storefronts_custom_domain_unique" UNIQUE("custom_domain")
);
--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "created_by_user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "slug" text;--> statement-breakpoint
-- Existing products get the address a new one would (product-slug.ts): the name without accents,
-- lower-case, dashes between words; a name the shop already used gets its id's end after it.
WITH base AS (
  SELECT id, shop_id, coalesce(nullif(left(trim(both '-' from regexp_replace(
    translate(lower(name), 'àáâäãåçèéêëìíîïñòóôöõùúûüýÿ', 'aaaaaaceeeeiiiinooooouuuuyy'),
    '[^a-z0-9]+', '-', 'g')), 60), ''), 'produit') AS slug
  FROM products
), numbered AS (
  SELECT id, slug, row_number() OVER (PARTITION BY shop_id, slug ORDER BY id) AS n FROM base
)
UPDATE products p SET slug = numbered.slug || CASE WHEN n > 1 THEN '-' || lower(right(p.id, 6)) ELSE '' END
FROM numbered WHERE numbered.id = p.id;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "slug" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_slug_redirects" ADD CONSTRAINT "shop_slug_redirects_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storefront_carts" ADD CONSTRAINT "storefront_carts_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storefronts" ADD CONSTRAINT "storefronts_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shop_slug_redirects_shop_idx" ON "shop_slug_redirects" USING btree ("shop_id");--> statement-breakpoint
CREATE INDEX "storefront_carts_shop_idx" ON "storefront_carts" USING btree ("shop_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "products_shop_slug_uq" ON "products" USING btree ("shop_id","slug");
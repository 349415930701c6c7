CREATE TABLE "stats_category_months" (
	"shop_id" text NOT NULL,
	"month" date NOT NULL,
	"category_id" text NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"refunded_quantity" integer DEFAULT 0 NOT NULL,
	"gross" bigint DEFAULT 0 NOT NULL,
	"discounts" bigint DEFAULT 0 NOT NULL,
	"refunds" bigint DEFAULT 0 NOT NULL,
	"cost" bigint DEFAULT 0 NOT NULL,
	"costed_net" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_category_months_shop_id_month_category_id_pk" PRIMARY KEY("shop_id","month","category_id")
);
--> statement-breakpoint
CREATE TABLE "stats_dirty_products" (
	"shop_id" text NOT NULL,
	"product_id" text NOT NULL,
	CONSTRAINT "stats_dirty_products_shop_id_product_id_pk" PRIMARY KEY("shop_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "stats_product_categories" (
	"shop_id" text NOT NULL,
	"product_id" text NOT NULL,
	"category_id" text NOT NULL,
	CONSTRAINT "stats_product_categories_shop_id_product_id_pk" PRIMARY KEY("shop_id","product_id")
);
--> statement-breakpoint
-- A product whose category changes (by hand, by import, or its category deleted: the foreign
-- key's « set null » is an update too) or that is deleted is marked: the roll-up moves its sales.
CREATE FUNCTION stats_mark_product() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO stats_dirty_products (shop_id, product_id) VALUES (OLD.shop_id, OLD.id) ON CONFLICT DO NOTHING;
  ELSIF OLD.category_id IS DISTINCT FROM NEW.category_id THEN
    INSERT INTO stats_dirty_products (shop_id, product_id) VALUES (NEW.shop_id, NEW.id) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_stats_category AFTER UPDATE OF category_id OR DELETE ON products
  FOR EACH ROW EXECUTE FUNCTION stats_mark_product();
--> statement-breakpoint
-- Filled from the monthly product roll-up already kept, each product under its category now.
INSERT INTO stats_product_categories (shop_id, product_id, category_id)
SELECT t.shop_id, t.product_id, coalesce(p.category_id, '')
FROM (SELECT DISTINCT shop_id, product_id FROM stats_product_total_months) t
LEFT JOIN products p ON p.id = t.product_id AND p.shop_id = t.shop_id;
--> statement-breakpoint
INSERT INTO stats_category_months (shop_id, month, category_id, quantity, refunded_quantity, gross, discounts, refunds, cost, costed_net)
SELECT m.shop_id, m.month, f.category_id, sum(m.quantity), sum(m.refunded_quantity), sum(m.gross), sum(m.discounts), sum(m.refunds), sum(m.cost), sum(m.costed_net)
FROM stats_product_total_months m
JOIN stats_product_categories f ON f.shop_id = m.shop_id AND f.product_id = m.product_id
GROUP BY m.shop_id, m.month, f.category_id;

CREATE TABLE "stats_clients" (
	"shop_id" text NOT NULL,
	"day" date NOT NULL,
	"channel" text NOT NULL,
	"agent_id" text NOT NULL,
	"client_id" text NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"net" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_clients_shop_id_day_channel_agent_id_client_id_pk" PRIMARY KEY("shop_id","day","channel","agent_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "stats_dirty_orders" (
	"shop_id" text NOT NULL,
	"order_id" text NOT NULL,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stats_dirty_orders_shop_id_order_id_pk" PRIMARY KEY("shop_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "stats_discounts" (
	"shop_id" text NOT NULL,
	"day" date NOT NULL,
	"channel" text NOT NULL,
	"agent_id" text NOT NULL,
	"discount_key" text NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_discounts_shop_id_day_channel_agent_id_discount_key_pk" PRIMARY KEY("shop_id","day","channel","agent_id","discount_key")
);
--> statement-breakpoint
CREATE TABLE "stats_order_facts" (
	"order_id" text PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"rows" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stats_payments" (
	"shop_id" text NOT NULL,
	"day" date NOT NULL,
	"channel" text NOT NULL,
	"agent_id" text NOT NULL,
	"method" text NOT NULL,
	"received" bigint DEFAULT 0 NOT NULL,
	"refunded" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_payments_shop_id_day_channel_agent_id_method_pk" PRIMARY KEY("shop_id","day","channel","agent_id","method")
);
--> statement-breakpoint
CREATE TABLE "stats_products" (
	"shop_id" text NOT NULL,
	"day" date NOT NULL,
	"channel" text NOT NULL,
	"agent_id" text NOT NULL,
	"variant_id" text NOT NULL,
	"product_id" text NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"refunded_quantity" integer DEFAULT 0 NOT NULL,
	"gross" bigint DEFAULT 0 NOT NULL,
	"discounts" bigint DEFAULT 0 NOT NULL,
	"refunds" bigint DEFAULT 0 NOT NULL,
	"cost" bigint DEFAULT 0 NOT NULL,
	"costed_net" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_products_shop_id_day_channel_agent_id_variant_id_pk" PRIMARY KEY("shop_id","day","channel","agent_id","variant_id")
);
--> statement-breakpoint
CREATE TABLE "stats_sales" (
	"shop_id" text NOT NULL,
	"day" date NOT NULL,
	"channel" text NOT NULL,
	"agent_id" text NOT NULL,
	"hour" smallint NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"items" integer DEFAULT 0 NOT NULL,
	"gross" bigint DEFAULT 0 NOT NULL,
	"discounts" bigint DEFAULT 0 NOT NULL,
	"refunds" bigint DEFAULT 0 NOT NULL,
	"delivery" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"collected" bigint DEFAULT 0 NOT NULL,
	"due" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_sales_shop_id_day_hour_channel_agent_id_pk" PRIMARY KEY("shop_id","day","hour","channel","agent_id")
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "unit_cost" bigint;--> statement-breakpoint
-- Every write to an order marks it for the statistics' roll-up: no write path can forget.
-- « do update » (not « do nothing »): a roll-up taking the mark waits for this write to commit.
CREATE FUNCTION stats_mark_order() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO stats_dirty_orders (shop_id, order_id) VALUES (OLD.shop_id, OLD.id)
    ON CONFLICT (shop_id, order_id) DO UPDATE SET marked_at = excluded.marked_at;
  ELSE
    INSERT INTO stats_dirty_orders (shop_id, order_id) VALUES (NEW.shop_id, NEW.id)
    ON CONFLICT (shop_id, order_id) DO UPDATE SET marked_at = excluded.marked_at;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_stats_mark AFTER INSERT OR UPDATE OR DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION stats_mark_order();
--> statement-breakpoint
-- A shop that changes its time zone changes the day of every order: all are counted again.
CREATE FUNCTION stats_mark_shop() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stats_dirty_orders (shop_id, order_id) SELECT shop_id, id FROM orders WHERE shop_id = NEW.id
  ON CONFLICT (shop_id, order_id) DO UPDATE SET marked_at = excluded.marked_at;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER shops_stats_time_zone AFTER UPDATE OF time_zone ON shops
  FOR EACH ROW WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone) EXECUTE FUNCTION stats_mark_shop();
--> statement-breakpoint
-- The cost of what was sold before costs were kept on the lines: the variant's cost now.
UPDATE order_lines l SET unit_cost = v.cost_price FROM product_variants v WHERE v.id = l.variant_id AND v.cost_price IS NOT NULL;
--> statement-breakpoint
INSERT INTO stats_dirty_orders (shop_id, order_id) SELECT shop_id, id FROM orders ON CONFLICT DO NOTHING;

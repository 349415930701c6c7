CREATE TABLE "stats_days" (
	"shop_id" text NOT NULL,
	"day" date NOT NULL,
	"channel" text NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"items" integer DEFAULT 0 NOT NULL,
	"gross" bigint DEFAULT 0 NOT NULL,
	"discounts" bigint DEFAULT 0 NOT NULL,
	"refunds" bigint DEFAULT 0 NOT NULL,
	"delivery" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"collected" bigint DEFAULT 0 NOT NULL,
	"due" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_days_shop_id_day_channel_pk" PRIMARY KEY("shop_id","day","channel")
);
--> statement-breakpoint
CREATE TABLE "stats_payment_days" (
	"shop_id" text NOT NULL,
	"day" date NOT NULL,
	"method" text NOT NULL,
	"received" bigint DEFAULT 0 NOT NULL,
	"refunded" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_payment_days_shop_id_day_method_pk" PRIMARY KEY("shop_id","day","method")
);
--> statement-breakpoint
CREATE TABLE "stats_product_days" (
	"shop_id" text NOT NULL,
	"day" date NOT NULL,
	"variant_id" text NOT NULL,
	"product_id" text NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"refunded_quantity" integer DEFAULT 0 NOT NULL,
	"gross" bigint DEFAULT 0 NOT NULL,
	"discounts" bigint DEFAULT 0 NOT NULL,
	"refunds" bigint DEFAULT 0 NOT NULL,
	"cost" bigint DEFAULT 0 NOT NULL,
	"costed_net" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_product_days_shop_id_day_variant_id_pk" PRIMARY KEY("shop_id","day","variant_id")
);
--> statement-breakpoint
CREATE TABLE "stats_product_months" (
	"shop_id" text NOT NULL,
	"month" date NOT NULL,
	"variant_id" text NOT NULL,
	"product_id" text NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"refunded_quantity" integer DEFAULT 0 NOT NULL,
	"gross" bigint DEFAULT 0 NOT NULL,
	"discounts" bigint DEFAULT 0 NOT NULL,
	"refunds" bigint DEFAULT 0 NOT NULL,
	"cost" bigint DEFAULT 0 NOT NULL,
	"costed_net" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_product_months_shop_id_month_variant_id_pk" PRIMARY KEY("shop_id","month","variant_id")
);
--> statement-breakpoint
-- Filled from the finer roll-ups already kept.
INSERT INTO stats_days (shop_id, day, channel, orders, items, gross, discounts, refunds, delivery, total, collected, due)
SELECT shop_id, day, channel, sum(orders), sum(items), sum(gross), sum(discounts), sum(refunds), sum(delivery), sum(total), sum(collected), sum(due)
FROM stats_sales GROUP BY shop_id, day, channel;
--> statement-breakpoint
INSERT INTO stats_payment_days (shop_id, day, method, received, refunded)
SELECT shop_id, day, method, sum(received), sum(refunded) FROM stats_payments GROUP BY shop_id, day, method;
--> statement-breakpoint
INSERT INTO stats_product_days (shop_id, day, variant_id, product_id, quantity, refunded_quantity, gross, discounts, refunds, cost, costed_net)
SELECT shop_id, day, variant_id, min(product_id), sum(quantity), sum(refunded_quantity), sum(gross), sum(discounts), sum(refunds), sum(cost), sum(costed_net)
FROM stats_products GROUP BY shop_id, day, variant_id;
--> statement-breakpoint
INSERT INTO stats_product_months (shop_id, month, variant_id, product_id, quantity, refunded_quantity, gross, discounts, refunds, cost, costed_net)
SELECT shop_id, date_trunc('month', day)::date, variant_id, min(product_id), sum(quantity), sum(refunded_quantity), sum(gross), sum(discounts), sum(refunds), sum(cost), sum(costed_net)
FROM stats_products GROUP BY shop_id, date_trunc('month', day)::date, variant_id;

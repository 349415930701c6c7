CREATE TABLE "stats_product_total_days" (
	"shop_id" text NOT NULL,
	"day" date NOT NULL,
	"product_id" text NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"refunded_quantity" integer DEFAULT 0 NOT NULL,
	"gross" bigint DEFAULT 0 NOT NULL,
	"discounts" bigint DEFAULT 0 NOT NULL,
	"refunds" bigint DEFAULT 0 NOT NULL,
	"cost" bigint DEFAULT 0 NOT NULL,
	"costed_net" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_product_total_days_shop_id_day_product_id_pk" PRIMARY KEY("shop_id","day","product_id")
);
--> statement-breakpoint
CREATE TABLE "stats_product_total_months" (
	"shop_id" text NOT NULL,
	"month" date NOT NULL,
	"product_id" text NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"refunded_quantity" integer DEFAULT 0 NOT NULL,
	"gross" bigint DEFAULT 0 NOT NULL,
	"discounts" bigint DEFAULT 0 NOT NULL,
	"refunds" bigint DEFAULT 0 NOT NULL,
	"cost" bigint DEFAULT 0 NOT NULL,
	"costed_net" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_product_total_months_shop_id_month_product_id_pk" PRIMARY KEY("shop_id","month","product_id")
);
--> statement-breakpoint
-- Filled from the variant roll-ups already kept.
INSERT INTO stats_product_total_days (shop_id, day, product_id, quantity, refunded_quantity, gross, discounts, refunds, cost, costed_net)
SELECT shop_id, day, product_id, sum(quantity), sum(refunded_quantity), sum(gross), sum(discounts), sum(refunds), sum(cost), sum(costed_net)
FROM stats_product_days GROUP BY shop_id, day, product_id;
--> statement-breakpoint
INSERT INTO stats_product_total_months (shop_id, month, product_id, quantity, refunded_quantity, gross, discounts, refunds, cost, costed_net)
SELECT shop_id, month, product_id, sum(quantity), sum(refunded_quantity), sum(gross), sum(discounts), sum(refunds), sum(cost), sum(costed_net)
FROM stats_product_months GROUP BY shop_id, month, product_id;

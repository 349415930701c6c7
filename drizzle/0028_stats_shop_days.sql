CREATE TABLE "stats_shop_days" (
	"shop_id" text NOT NULL,
	"day" date NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"items" integer DEFAULT 0 NOT NULL,
	"gross" bigint DEFAULT 0 NOT NULL,
	"discounts" bigint DEFAULT 0 NOT NULL,
	"refunds" bigint DEFAULT 0 NOT NULL,
	"delivery" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"collected" bigint DEFAULT 0 NOT NULL,
	"due" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_shop_days_shop_id_day_pk" PRIMARY KEY("shop_id","day")
);
--> statement-breakpoint
-- Filled from the sales by day and channel already kept.
INSERT INTO stats_shop_days (shop_id, day, orders, items, gross, discounts, refunds, delivery, total, collected, due)
SELECT shop_id, day, sum(orders), sum(items), sum(gross), sum(discounts), sum(refunds), sum(delivery), sum(total), sum(collected), sum(due)
FROM stats_days GROUP BY shop_id, day;

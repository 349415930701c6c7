CREATE TABLE "stats_agent_days" (
	"shop_id" text NOT NULL,
	"day" date NOT NULL,
	"agent_id" text NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"items" integer DEFAULT 0 NOT NULL,
	"gross" bigint DEFAULT 0 NOT NULL,
	"discounts" bigint DEFAULT 0 NOT NULL,
	"refunds" bigint DEFAULT 0 NOT NULL,
	"delivery" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"collected" bigint DEFAULT 0 NOT NULL,
	"due" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_agent_days_shop_id_day_agent_id_pk" PRIMARY KEY("shop_id","day","agent_id")
);
--> statement-breakpoint
CREATE TABLE "stats_client_months" (
	"shop_id" text NOT NULL,
	"month" date NOT NULL,
	"client_id" text NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"net" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_client_months_shop_id_month_client_id_pk" PRIMARY KEY("shop_id","month","client_id")
);
--> statement-breakpoint
CREATE TABLE "stats_commune_days" (
	"shop_id" text NOT NULL,
	"day" date NOT NULL,
	"commune" text NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"net" bigint DEFAULT 0 NOT NULL,
	"delivery" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_commune_days_shop_id_day_commune_pk" PRIMARY KEY("shop_id","day","commune")
);
--> statement-breakpoint
-- Filled from the finer roll-ups already kept.
INSERT INTO stats_agent_days (shop_id, day, agent_id, orders, items, gross, discounts, refunds, delivery, total, collected, due)
SELECT shop_id, day, agent_id, sum(orders), sum(items), sum(gross), sum(discounts), sum(refunds), sum(delivery), sum(total), sum(collected), sum(due)
FROM stats_sales GROUP BY shop_id, day, agent_id;
--> statement-breakpoint
INSERT INTO stats_commune_days (shop_id, day, commune, orders, net, delivery)
SELECT shop_id, day, commune, sum(orders), sum(net), sum(delivery)
FROM stats_communes GROUP BY shop_id, day, commune;
--> statement-breakpoint
INSERT INTO stats_client_months (shop_id, month, client_id, orders, net)
SELECT shop_id, date_trunc('month', day)::date, client_id, sum(orders), sum(net)
FROM stats_clients GROUP BY shop_id, date_trunc('month', day)::date, client_id;

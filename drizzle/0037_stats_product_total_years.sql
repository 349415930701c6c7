CREATE TABLE "stats_product_total_years" (
	"shop_id" text NOT NULL,
	"year" date NOT NULL,
	"product_id" text NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"refunded_quantity" integer DEFAULT 0 NOT NULL,
	"gross" bigint DEFAULT 0 NOT NULL,
	"discounts" bigint DEFAULT 0 NOT NULL,
	"refunds" bigint DEFAULT 0 NOT NULL,
	"cost" bigint DEFAULT 0 NOT NULL,
	"costed_net" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_product_total_years_shop_id_year_product_id_pk" PRIMARY KEY("shop_id","year","product_id")
);
--> statement-breakpoint
-- Filled from the monthly roll-up already kept.
INSERT INTO stats_product_total_years (shop_id, year, product_id, quantity, refunded_quantity, gross, discounts, refunds, cost, costed_net)
SELECT shop_id, date_trunc('year', month)::date, product_id, sum(quantity), sum(refunded_quantity), sum(gross), sum(discounts), sum(refunds), sum(cost), sum(costed_net)
FROM stats_product_total_months GROUP BY shop_id, date_trunc('year', month)::date, product_id;
--> statement-breakpoint
-- A year is read whole, its rows from the index alone (as the monthly roll-ups, migration 0036).
CREATE INDEX "stats_product_total_years_ranked_idx" ON "stats_product_total_years"
  ("shop_id", "year", ("gross" - "discounts" - "refunds") DESC NULLS LAST, "product_id" COLLATE "C")
  INCLUDE ("quantity", "refunded_quantity", "gross", "discounts", "refunds", "cost", "costed_net");

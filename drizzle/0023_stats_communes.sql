CREATE TABLE "stats_communes" (
	"shop_id" text NOT NULL,
	"day" date NOT NULL,
	"channel" text NOT NULL,
	"agent_id" text NOT NULL,
	"commune" text NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"net" bigint DEFAULT 0 NOT NULL,
	"delivery" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_communes_shop_id_day_channel_agent_id_commune_pk" PRIMARY KEY("shop_id","day","channel","agent_id","commune")
);
--> statement-breakpoint
-- Every existing order is marked again, so the background roll-up (or a shop's first report) fills
-- stats_communes from the orders already placed. Nothing is counted twice: the roll-up moves each
-- table by the difference between what an order adds now and what its stats_order_facts row says
-- it added before. Those packed facts lack the new communes rows (kind `k`) and hold the other
-- roll-ups' rows exactly as they are now, so the difference is the communes rows alone; the other
-- tables move by nothing (tests/api/stats.test.ts checks it).
INSERT INTO stats_dirty_orders (shop_id, order_id) SELECT shop_id, id FROM orders ON CONFLICT DO NOTHING;

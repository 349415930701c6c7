ALTER TABLE "clients" ADD COLUMN "first_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "last_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "phone2" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "whatsapp" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "commune" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "quartier" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "landmark" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "gps_lat" double precision;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "gps_lng" double precision;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "birthday_day" smallint;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "birthday_month" smallint;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "consent_sms_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "consent_sms_source" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "consent_whatsapp_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "consent_whatsapp_source" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "credit_limit" bigint;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "orders_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "total_spent" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "refunds_total" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "first_order_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "last_order_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "first_channel" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "returned_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "balance" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "store_credit" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "clients_shop_last_order_idx" ON "clients" USING btree ("shop_id","last_order_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "clients_shop_spent_idx" ON "clients" USING btree ("shop_id","total_spent" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "clients_shop_orders_count_idx" ON "clients" USING btree ("shop_id","orders_count" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "clients_shop_name_idx" ON "clients" USING btree ("shop_id","name","id");--> statement-breakpoint
CREATE INDEX "clients_tags_idx" ON "clients" USING gin ("tags");--> statement-breakpoint
-- The profile from what clients held: the name split in two, the first address as the main one.
UPDATE "clients" SET
  "first_name" = split_part("name", ' ', 1),
  "last_name" = btrim(substr("name", length(split_part("name", ' ', 1)) + 1)),
  "commune" = coalesce("addresses" -> 0 ->> 'commune', ''),
  "quartier" = coalesce("addresses" -> 0 ->> 'quartier', ''),
  "landmark" = coalesce("addresses" -> 0 ->> 'indications', '');
--> statement-breakpoint
-- The figures from the orders, as the order module's client-figures.ts computes them.
UPDATE "clients" c SET
  "orders_count" = f.orders_count,
  "total_spent" = f.total_spent,
  "refunds_total" = f.refunds_total,
  "first_order_at" = f.first_order_at,
  "last_order_at" = f.last_order_at,
  "first_channel" = f.first_channel,
  "returned_count" = f.returned_count,
  "balance" = f.balance
FROM (
  SELECT client_id,
    count(*) FILTER (WHERE fulfilment_status NOT IN ('cancelled', 'returned'))::int AS orders_count,
    coalesce(sum(total - refunded_amount) FILTER (WHERE fulfilment_status NOT IN ('cancelled', 'returned')), 0) AS total_spent,
    coalesce(sum(refunded_amount), 0) AS refunds_total,
    min(created_at) FILTER (WHERE fulfilment_status NOT IN ('cancelled', 'returned')) AS first_order_at,
    max(created_at) FILTER (WHERE fulfilment_status NOT IN ('cancelled', 'returned')) AS last_order_at,
    (array_agg(channel ORDER BY created_at, id) FILTER (WHERE fulfilment_status NOT IN ('cancelled', 'returned')))[1] AS first_channel,
    count(*) FILTER (WHERE fulfilment_status = 'returned')::int AS returned_count,
    coalesce(sum(greatest(total - paid_amount, 0)) FILTER (WHERE fulfilment_status NOT IN ('cancelled', 'returned')), 0) AS balance
  FROM "orders" WHERE client_id IS NOT NULL GROUP BY client_id
) f
WHERE f.client_id = c.id;

ALTER TABLE "order_counters" ADD COLUMN "last_invoice_number" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "local_reference" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_number" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoiced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "tax_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "trade_register" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_local_reference_idx" ON "orders" USING btree ("shop_id","local_reference") WHERE "orders"."local_reference" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_invoice_number_uq" ON "orders" USING btree ("shop_id","invoice_number") WHERE "orders"."invoice_number" is not null;
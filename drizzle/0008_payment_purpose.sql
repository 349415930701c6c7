ALTER TABLE "payments" ADD COLUMN "purpose" text DEFAULT 'subscription' NOT NULL;--> statement-breakpoint
CREATE INDEX "clients_shop_updated_idx" ON "clients" USING btree ("shop_id","updated_at","id");--> statement-breakpoint
UPDATE "payments" SET "purpose" = 'order_link' WHERE "order_id" IS NOT NULL;
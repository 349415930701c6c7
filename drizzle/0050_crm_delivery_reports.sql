ALTER TABLE "crm_campaign_messages" ADD COLUMN "provider_id" text;--> statement-breakpoint
ALTER TABLE "crm_campaign_messages" ADD COLUMN "delivery" text;--> statement-breakpoint
ALTER TABLE "crm_campaign_messages" ADD COLUMN "delivery_error" text;--> statement-breakpoint
ALTER TABLE "crm_campaign_messages" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "crm_campaign_messages_provider_idx" ON "crm_campaign_messages" USING btree ("provider_id") WHERE "crm_campaign_messages"."provider_id" is not null;
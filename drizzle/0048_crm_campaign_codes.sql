ALTER TABLE "crm_campaign_messages" ADD COLUMN "discount_code" text;--> statement-breakpoint
ALTER TABLE "crm_campaigns" ADD COLUMN "discount_id" text;--> statement-breakpoint
ALTER TABLE "crm_campaigns" ADD CONSTRAINT "crm_campaigns_discount_id_discounts_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discounts"("id") ON DELETE no action ON UPDATE no action;
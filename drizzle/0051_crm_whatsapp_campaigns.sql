ALTER TABLE "crm_campaign_messages" ADD COLUMN "channel" text DEFAULT 'sms' NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_campaigns" ADD COLUMN "channel" text DEFAULT 'sms' NOT NULL;
CREATE TABLE "crm_automations" (
	"shop_id" text NOT NULL,
	"kind" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"template" text NOT NULL,
	"days" integer NOT NULL,
	"discount_id" text,
	"updated_by_user_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_automations_shop_id_kind_pk" PRIMARY KEY("shop_id","kind")
);
--> statement-breakpoint
ALTER TABLE "crm_campaign_messages" ALTER COLUMN "campaign_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_campaign_messages" ADD COLUMN "automation" text;--> statement-breakpoint
ALTER TABLE "crm_campaign_messages" ADD COLUMN "occasion" text;--> statement-breakpoint
ALTER TABLE "crm_campaign_messages" ADD COLUMN "marketing" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_automations" ADD CONSTRAINT "crm_automations_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_automations" ADD CONSTRAINT "crm_automations_discount_id_discounts_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_automations" ADD CONSTRAINT "crm_automations_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crm_automations_enabled_idx" ON "crm_automations" USING btree ("kind","shop_id") WHERE "crm_automations"."enabled";--> statement-breakpoint
CREATE UNIQUE INDEX "crm_campaign_messages_occasion_uq" ON "crm_campaign_messages" USING btree ("shop_id","automation","client_id","occasion") WHERE "crm_campaign_messages"."automation" is not null;--> statement-breakpoint
CREATE INDEX "crm_campaign_messages_automation_idx" ON "crm_campaign_messages" USING btree ("shop_id","automation","sent_at") WHERE "crm_campaign_messages"."automation" is not null;
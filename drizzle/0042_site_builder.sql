CREATE TABLE "sms_consents" (
	"id" text PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"phone" text NOT NULL,
	"source" text NOT NULL,
	"wording" text NOT NULL,
	"consented_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "storefront_versions" (
	"id" text PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"number" integer NOT NULL,
	"layout" jsonb NOT NULL,
	"published_by_user_id" text,
	"restored_from_number" integer,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "seo_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "seo_description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "storefronts" ADD COLUMN "draft" jsonb;--> statement-breakpoint
ALTER TABLE "storefronts" ADD COLUMN "draft_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sms_consents" ADD CONSTRAINT "sms_consents_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storefront_versions" ADD CONSTRAINT "storefront_versions_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sms_consents_shop_phone_uq" ON "sms_consents" USING btree ("shop_id","phone");--> statement-breakpoint
CREATE UNIQUE INDEX "storefront_versions_shop_number_uq" ON "storefront_versions" USING btree ("shop_id","number");
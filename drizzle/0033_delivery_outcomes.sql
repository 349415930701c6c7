CREATE TABLE "delivery_remittances" (
	"id" text PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"rider_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"is_confirmed" boolean DEFAULT false NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"recorded_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_rider_days" (
	"id" text PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"rider_id" text NOT NULL,
	"day" text NOT NULL,
	"cash_collected" bigint NOT NULL,
	"mobile_collected" bigint NOT NULL,
	"remitted" bigint NOT NULL,
	"outstanding" bigint NOT NULL,
	"closed_by_user_id" text,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_settings" (
	"shop_id" text PRIMARY KEY NOT NULL,
	"is_proof_code_required" boolean DEFAULT true NOT NULL,
	"origin_position" text DEFAULT '' NOT NULL,
	"distance_tiers" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_trackings" (
	"order_id" text PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "proof_code" text;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "collected_amount" bigint;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "collected_method" text;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_riders" ADD COLUMN "link_token" text;--> statement-breakpoint
ALTER TABLE "delivery_riders" ADD COLUMN "link_created_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "delivery_riders" ADD COLUMN "remit_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_remittances" ADD CONSTRAINT "delivery_remittances_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_remittances" ADD CONSTRAINT "delivery_remittances_rider_id_delivery_riders_id_fk" FOREIGN KEY ("rider_id") REFERENCES "public"."delivery_riders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_rider_days" ADD CONSTRAINT "delivery_rider_days_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_rider_days" ADD CONSTRAINT "delivery_rider_days_rider_id_delivery_riders_id_fk" FOREIGN KEY ("rider_id") REFERENCES "public"."delivery_riders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_settings" ADD CONSTRAINT "delivery_settings_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_trackings" ADD CONSTRAINT "delivery_trackings_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_remittances_rider_idx" ON "delivery_remittances" USING btree ("rider_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_rider_days_idx" ON "delivery_rider_days" USING btree ("rider_id","day");--> statement-breakpoint
CREATE INDEX "delivery_rider_days_shop_idx" ON "delivery_rider_days" USING btree ("shop_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_trackings_token_idx" ON "delivery_trackings" USING btree ("token");--> statement-breakpoint
CREATE INDEX "deliveries_open_shop_idx" ON "deliveries" USING btree ("shop_id","assigned_at") WHERE "deliveries"."status" = 'assigned';--> statement-breakpoint
CREATE INDEX "deliveries_rider_closed_idx" ON "deliveries" USING btree ("rider_id","closed_at");--> statement-breakpoint
CREATE INDEX "deliveries_order_idx" ON "deliveries" USING btree ("order_id","assigned_at");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_riders_link_idx" ON "delivery_riders" USING btree ("link_token");
CREATE TABLE "discount_settings" (
	"shop_id" text PRIMARY KEY NOT NULL,
	"stack_cap_bp" integer DEFAULT 10000 NOT NULL,
	"revision" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discount_uses" (
	"id" text PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"discount_id" text NOT NULL,
	"order_id" text NOT NULL,
	"order_number" integer NOT NULL,
	"code" text,
	"client_phone" text,
	"client_name" text,
	"amount" bigint NOT NULL,
	"source_op_id" text,
	"over_limit" text,
	"created_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by_user_id" text,
	"resolution" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_adjustments" (
	"id" text PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"order_id" text NOT NULL,
	"discount_id" text,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"code" text,
	"amount" bigint NOT NULL,
	"why" text NOT NULL,
	"lines" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "discount_codes" ADD COLUMN "uses_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "discounts" ADD COLUMN "uses_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "discounts" ADD COLUMN "revenue" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "discounts" ADD COLUMN "discounted_total" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "discount_settings" ADD CONSTRAINT "discount_settings_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_uses" ADD CONSTRAINT "discount_uses_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_uses" ADD CONSTRAINT "discount_uses_discount_id_discounts_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_adjustments" ADD CONSTRAINT "order_adjustments_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_adjustments" ADD CONSTRAINT "order_adjustments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discount_uses_order_uq" ON "discount_uses" USING btree ("discount_id","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_uses_op_uq" ON "discount_uses" USING btree ("shop_id","source_op_id","discount_id") WHERE "discount_uses"."source_op_id" is not null;--> statement-breakpoint
CREATE INDEX "discount_uses_phone_idx" ON "discount_uses" USING btree ("discount_id","client_phone");--> statement-breakpoint
CREATE INDEX "discount_uses_over_limit_idx" ON "discount_uses" USING btree ("shop_id","created_at") WHERE "discount_uses"."over_limit" is not null;--> statement-breakpoint
CREATE INDEX "order_adjustments_order_idx" ON "order_adjustments" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "order_adjustments_discount_idx" ON "order_adjustments" USING btree ("shop_id","discount_id");
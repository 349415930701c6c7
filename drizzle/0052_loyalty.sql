CREATE TABLE "loyalty_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"client_id" text NOT NULL,
	"kind" text NOT NULL,
	"points" integer NOT NULL,
	"order_id" text,
	"rate" integer,
	"amount" bigint,
	"missing" integer DEFAULT 0 NOT NULL,
	"note" text,
	"created_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by_user_id" text,
	"resolution" text
);
--> statement-breakpoint
CREATE TABLE "loyalty_programs" (
	"shop_id" text PRIMARY KEY NOT NULL,
	"is_enabled" boolean DEFAULT false NOT NULL,
	"points_per_thousand" integer NOT NULL,
	"point_value" integer NOT NULL,
	"min_redeem" integer NOT NULL,
	"expiry_months" integer,
	"earns_since" timestamp with time zone,
	"updated_by_user_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "loyalty_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loyalty_codes" ADD CONSTRAINT "loyalty_codes_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_entries" ADD CONSTRAINT "loyalty_entries_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_entries" ADD CONSTRAINT "loyalty_entries_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_entries" ADD CONSTRAINT "loyalty_entries_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_entries" ADD CONSTRAINT "loyalty_entries_resolved_by_user_id_users_id_fk" FOREIGN KEY ("resolved_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_programs" ADD CONSTRAINT "loyalty_programs_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_programs" ADD CONSTRAINT "loyalty_programs_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loyalty_codes_phone_idx" ON "loyalty_codes" USING btree ("shop_id","phone","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "loyalty_entries_client_idx" ON "loyalty_entries" USING btree ("shop_id","client_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "loyalty_entries_order_idx" ON "loyalty_entries" USING btree ("shop_id","order_id") WHERE "loyalty_entries"."order_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_entries_redeem_uq" ON "loyalty_entries" USING btree ("shop_id","order_id") WHERE "loyalty_entries"."kind" = 'redeem';--> statement-breakpoint
CREATE INDEX "loyalty_entries_conflicts_idx" ON "loyalty_entries" USING btree ("shop_id","created_at" DESC NULLS LAST) WHERE "loyalty_entries"."missing" > 0;--> statement-breakpoint
CREATE INDEX "clients_shop_points_idx" ON "clients" USING btree ("shop_id","id") WHERE "clients"."loyalty_points" <> 0;
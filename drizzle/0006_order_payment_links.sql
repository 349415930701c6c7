CREATE TABLE "order_payment_links" (
	"order_id" text PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"token" text NOT NULL,
	"created_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_payment_links_token_unique" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "plan" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "months" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "created_by_user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "order_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reported_method" text;--> statement-breakpoint
ALTER TABLE "order_payment_links" ADD CONSTRAINT "order_payment_links_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payment_links" ADD CONSTRAINT "order_payment_links_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payment_links" ADD CONSTRAINT "order_payment_links_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");
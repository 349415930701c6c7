ALTER TABLE "notifications" ADD COLUMN "link" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "capability" text;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "checklist_dismissed_at" timestamp with time zone;--> statement-breakpoint
-- Shops that exist before the checklist are past their first run: it starts closed for them.
UPDATE "shops" SET "checklist_dismissed_at" = now() WHERE "checklist_dismissed_at" IS NULL;--> statement-breakpoint
-- Notifications stored before their audience: the one each kind is given from now on.
UPDATE "notifications" SET "capability" = 'orders:view-all' WHERE "type" = 'order' OR ("type" = 'shop' AND "title" = 'Paiement en ligne reçu');--> statement-breakpoint
UPDATE "notifications" SET "capability" = 'products:view' WHERE "type" IN ('low_stock', 'product');--> statement-breakpoint
UPDATE "notifications" SET "capability" = 'team:view' WHERE "type" = 'shop' AND "title" = 'Nouvel agent';--> statement-breakpoint
UPDATE "notifications" SET "capability" = 'subscription:view' WHERE "type" = 'shop' AND "title" = 'Abonnement activé';

-- The colour, tagline and static pages join the layout (version 1 keeps them under "legacy";
-- upgradeLayout in src/shared/storefront/layout.ts makes a version 2 design of it when read).
UPDATE "storefronts" SET "layout" = "layout" || jsonb_build_object('legacy', jsonb_build_object('primaryColor', "primary_color", 'tagline', "tagline", 'pages', "pages")) WHERE ("layout"->>'version') = '1';--> statement-breakpoint
ALTER TABLE "storefronts" DROP COLUMN "primary_color";--> statement-breakpoint
ALTER TABLE "storefronts" DROP COLUMN "tagline";--> statement-breakpoint
ALTER TABLE "storefronts" DROP COLUMN "pages";

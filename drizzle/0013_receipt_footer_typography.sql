ALTER TABLE "shops" ALTER COLUMN "receipt_footer" SET DEFAULT 'Merci de votre visite !';--> statement-breakpoint
-- Shops still on the old default get the same words with the narrow no-break space before « ! ».
UPDATE "shops" SET "receipt_footer" = 'Merci de votre visite !' WHERE "receipt_footer" = 'Merci de votre visite !';

-- The monthly product roll-ups' covering indexes (migration 0029) become ranked: after (shop,
-- month) they order a month's rows by net sales, best first, as « Par produit » and « Par
-- variante » list them. One calendar month's first 100 are then the index's first 100 entries, not
-- a sort of every row (40 000 variants in a month of a 20 000-product shop); a run of months is
-- still read by (shop, month) and carries the measures as before. Same number of indexes: a
-- roll-up's write costs what it did.
CREATE INDEX "stats_product_months_ranked_idx" ON "stats_product_months"
  ("shop_id", "month", ("gross" - "discounts" - "refunds") DESC NULLS LAST, "variant_id" COLLATE "C")
  INCLUDE ("product_id", "quantity", "refunded_quantity", "gross", "discounts", "refunds", "cost", "costed_net");
--> statement-breakpoint
DROP INDEX "stats_product_months_cover_idx";
--> statement-breakpoint
CREATE INDEX "stats_product_total_months_ranked_idx" ON "stats_product_total_months"
  ("shop_id", "month", ("gross" - "discounts" - "refunds") DESC NULLS LAST, "product_id" COLLATE "C")
  INCLUDE ("quantity", "refunded_quantity", "gross", "discounts", "refunds", "cost", "costed_net");
--> statement-breakpoint
DROP INDEX "stats_product_total_months_cover_idx";

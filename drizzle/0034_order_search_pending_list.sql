-- The orders' search index gets a short pending list (see the schema): set in place, not rebuilt
-- (a million orders' trigrams stay where they are; new orders go through the list).
ALTER INDEX "orders_search_trgm_idx" SET (fastupdate = true, gin_pending_list_limit = 256);

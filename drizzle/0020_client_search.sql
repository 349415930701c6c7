CREATE TABLE "client_search" (
	"client_id" text PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"search_text" text NOT NULL
);
--> statement-breakpoint
DROP INDEX "clients_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "client_search" ADD CONSTRAINT "client_search_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_search_trgm_idx" ON "client_search" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- The clients' search texts as they stand, then a trigger keeps them: whoever writes a client's
-- search_text (creation, profile, merge, import, seeds) writes the copy with it.
INSERT INTO "client_search" ("client_id", "shop_id", "search_text")
SELECT "id", "shop_id", "search_text" FROM "clients";
--> statement-breakpoint
CREATE FUNCTION "client_search_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "client_search" ("client_id", "shop_id", "search_text")
  VALUES (NEW."id", NEW."shop_id", NEW."search_text")
  ON CONFLICT ("client_id") DO UPDATE SET "search_text" = EXCLUDED."search_text";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "clients_search_insert" AFTER INSERT ON "clients"
  FOR EACH ROW EXECUTE FUNCTION "client_search_sync"();
--> statement-breakpoint
CREATE TRIGGER "clients_search_update" AFTER UPDATE OF "search_text" ON "clients"
  FOR EACH ROW WHEN (OLD."search_text" IS DISTINCT FROM NEW."search_text") EXECUTE FUNCTION "client_search_sync"();

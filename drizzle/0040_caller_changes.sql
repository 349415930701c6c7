-- Each server keeps the callers of recent requests in memory (src/server/tenancy/caller-cache.ts):
-- the user, their sign-in, their membership of the shop they named and that shop. A change to any
-- of those rows, whatever code (or person at a SQL prompt) made it, tells every server listening
-- on `comptoir_callers` to forget what it kept of them. Delivered at commit, to every server.
CREATE FUNCTION notify_caller_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('comptoir_callers', 'all');
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('comptoir_callers', 'user:' || OLD.id);
  ELSIF TG_TABLE_NAME = 'shops' THEN
    PERFORM pg_notify('comptoir_callers', 'shop:' || OLD.id);
  ELSIF TG_TABLE_NAME = 'agents' THEN
    PERFORM pg_notify('comptoir_callers', 'member:' || OLD.shop_id || ':' || OLD.user_id);
  ELSE
    PERFORM pg_notify('comptoir_callers', 'session:' || OLD.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_caller_change AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_caller_change();
--> statement-breakpoint
CREATE TRIGGER shops_caller_change AFTER UPDATE OR DELETE ON shops
  FOR EACH ROW EXECUTE FUNCTION notify_caller_change();
--> statement-breakpoint
CREATE TRIGGER agents_caller_change AFTER UPDATE OR DELETE ON agents
  FOR EACH ROW EXECUTE FUNCTION notify_caller_change();
--> statement-breakpoint
CREATE TRIGGER auth_sessions_caller_change AFTER UPDATE OR DELETE ON auth_sessions
  FOR EACH ROW EXECUTE FUNCTION notify_caller_change();
--> statement-breakpoint
CREATE TRIGGER users_caller_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_caller_change();
--> statement-breakpoint
CREATE TRIGGER shops_caller_truncate AFTER TRUNCATE ON shops
  FOR EACH STATEMENT EXECUTE FUNCTION notify_caller_change();
--> statement-breakpoint
CREATE TRIGGER agents_caller_truncate AFTER TRUNCATE ON agents
  FOR EACH STATEMENT EXECUTE FUNCTION notify_caller_change();
--> statement-breakpoint
CREATE TRIGGER auth_sessions_caller_truncate AFTER TRUNCATE ON auth_sessions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_caller_change();

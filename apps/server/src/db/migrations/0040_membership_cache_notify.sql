-- The membership cache (auth/membership-cache.ts, decision 018) keeps, per process, what the membership
-- statement answers; every instance LISTENs on 'membership_cache' and drops what a committed change made
-- stale. The answer depends on a sign-in session (its row and expiry), a membership (its org role) and the
-- member's establishment assignments. Deleting a user or an organization cascades to those rows, and a cascade
-- fires these row triggers too. Roles are an enum, not a table. Payloads are JSON arrays of ids (well under
-- NOTIFY's 8,000 bytes); PostgreSQL folds identical payloads of one transaction into one notification.
CREATE FUNCTION "membership_cache_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('membership_cache', '["*"]');
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'sessions' THEN
    IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('membership_cache', json_build_array('s', OLD.id)::text); END IF;
    IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('membership_cache', json_build_array('s', NEW.id)::text); END IF;
  ELSE
    IF TG_OP <> 'INSERT' THEN
      PERFORM pg_notify('membership_cache', json_build_array('m', OLD.organization_id, OLD.user_id)::text);
    END IF;
    IF TG_OP <> 'DELETE' THEN
      PERFORM pg_notify('membership_cache', json_build_array('m', NEW.organization_id, NEW.user_id)::text);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_membership_cache" AFTER INSERT OR UPDATE OR DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "membership_cache_notify"();
--> statement-breakpoint
CREATE TRIGGER "memberships_membership_cache" AFTER INSERT OR UPDATE OR DELETE ON "memberships"
  FOR EACH ROW EXECUTE FUNCTION "membership_cache_notify"();
--> statement-breakpoint
CREATE TRIGGER "establishment_assignments_membership_cache" AFTER INSERT OR UPDATE OR DELETE ON "establishment_assignments"
  FOR EACH ROW EXECUTE FUNCTION "membership_cache_notify"();
--> statement-breakpoint
CREATE TRIGGER "sessions_membership_cache_truncate" AFTER TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "membership_cache_notify"();
--> statement-breakpoint
CREATE TRIGGER "memberships_membership_cache_truncate" AFTER TRUNCATE ON "memberships"
  FOR EACH STATEMENT EXECUTE FUNCTION "membership_cache_notify"();
--> statement-breakpoint
CREATE TRIGGER "establishment_assignments_membership_cache_truncate" AFTER TRUNCATE ON "establishment_assignments"
  FOR EACH STATEMENT EXECUTE FUNCTION "membership_cache_notify"();

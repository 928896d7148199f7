-- 0002 tenancy and access: the application role that row-level security applies to, then
-- roles, permissions and service packs.

-- The role every request's transaction switches to (SET LOCAL ROLE hcm_app). It owns no
-- table, so FORCE ROW LEVEL SECURITY policies always apply to it, on PGlite (whose session
-- user is a superuser) and on a PostgreSQL server alike. Roles are cluster-wide: create it
-- only when another database of the same server has not already.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'hcm_app') THEN
    CREATE ROLE hcm_app NOLOGIN;
  END IF;
END
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO hcm_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO hcm_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO hcm_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO hcm_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO hcm_app;

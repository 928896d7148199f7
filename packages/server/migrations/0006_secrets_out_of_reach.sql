-- 0006 secrets out of the application role's reach, and keyword search without LEAKPROOF.

-- Every request runs as hcm_app (db/tenant-scope.ts). These four tables are not tenant data
-- and hold what must never leak to a request's SQL: the JWT signing key, every tenant's refresh
-- tokens (hashed, but their families and users), the sign-in failure counts and the captcha
-- challenges. Sign-in, refresh and logout reach them through the owner connection only.
REVOKE ALL ON server_secrets, refresh_tokens, sign_in_failures, captcha_challenges FROM hcm_app;
--> statement-breakpoint

-- 0003 marked pg_catalog.texticlike and lower(text) LEAKPROOF for every role of the database
-- (only a superuser can, and dump and restore loses it). New databases no longer do (0003 was
-- changed); databases that did get the defaults back here.
DO $$
BEGIN
  IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    ALTER FUNCTION pg_catalog.texticlike(text, text) NOT LEAKPROOF;
    ALTER FUNCTION pg_catalog.lower(text) NOT LEAKPROOF;
  END IF;
END
$$;
--> statement-breakpoint

-- Keyword search and case-insensitive key look-ups under row-level security. A condition whose
-- function is not LEAKPROOF (ILIKE, lower()) must wait until the tenant policy has filtered the
-- rows, so no index serves it and every search reads all of the tenant's rows. Instead, two
-- SECURITY DEFINER functions owned by hcm_search run the condition where the index can serve
-- it: hcm_search has one policy per searchable table, USING (true), so no policy orders the
-- plan, and the functions themselves confine the rows to the tenant of the calling
-- transaction (app.tenant_id, as the policies do). hcm_search is NOLOGIN, hcm_app is not a
-- member of it, and it may read only the tables a migration opts in (GRANT + policy below).
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'hcm_search') THEN
    CREATE ROLE hcm_search NOLOGIN;
  END IF;
END
$$;
--> statement-breakpoint
-- The owner gives its functions to hcm_search, which needs the membership (as for hcm_app, 0002).
DO $$
BEGIN
  IF NOT pg_has_role(current_user, 'hcm_search', 'MEMBER') THEN
    EXECUTE format('GRANT hcm_search TO %I', current_user);
  END IF;
END
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO hcm_search;
--> statement-breakpoint

-- Ids of the calling tenant's rows of `target` where any of `search_columns` ILIKE `pattern`.
CREATE FUNCTION hcm_keyword_matches(target regclass, search_columns text[], pattern text)
RETURNS SETOF uuid
LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
  tenant uuid := nullif(current_setting('app.tenant_id', true), '')::uuid;
  conditions text;
BEGIN
  IF tenant IS NULL OR cardinality(search_columns) = 0 THEN
    RETURN;
  END IF;
  SELECT string_agg(format('%I ILIKE $2', c), ' OR ') INTO conditions FROM unnest(search_columns) AS c;
  RETURN QUERY EXECUTE format('SELECT id FROM %s WHERE tenant_id = $1 AND (%s)', target, conditions)
    USING tenant, pattern;
END
$$;
--> statement-breakpoint
-- The calling tenant's rows of `target` whose lower(key_column) is one of `keys` (lower case).
CREATE FUNCTION hcm_key_matches(target regclass, key_column text, keys text[])
RETURNS TABLE (id uuid, key text)
LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
  tenant uuid := nullif(current_setting('app.tenant_id', true), '')::uuid;
BEGIN
  IF tenant IS NULL THEN
    RETURN;
  END IF;
  RETURN QUERY EXECUTE format(
    'SELECT id, lower(%1$I)::text FROM %2$s WHERE tenant_id = $1 AND lower(%1$I) = ANY ($2)',
    key_column, target
  ) USING tenant, keys;
END
$$;
--> statement-breakpoint
ALTER FUNCTION hcm_keyword_matches(regclass, text[], text) OWNER TO hcm_search;
--> statement-breakpoint
ALTER FUNCTION hcm_key_matches(regclass, text, text[]) OWNER TO hcm_search;
--> statement-breakpoint
REVOKE ALL ON FUNCTION hcm_keyword_matches(regclass, text[], text), hcm_key_matches(regclass, text, text[]) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION hcm_keyword_matches(regclass, text[], text), hcm_key_matches(regclass, text, text[]) TO hcm_app;
--> statement-breakpoint

-- The searchable tenant tables so far (a resource table opts in with these two statements).
GRANT SELECT ON job_titles, ethnicities, religions TO hcm_search;
--> statement-breakpoint
CREATE POLICY job_titles_keyword_search ON job_titles FOR SELECT TO hcm_search USING (true);
--> statement-breakpoint
CREATE POLICY ethnicities_keyword_search ON ethnicities FOR SELECT TO hcm_search USING (true);
--> statement-breakpoint
CREATE POLICY religions_keyword_search ON religions FOR SELECT TO hcm_search USING (true);

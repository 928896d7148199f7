-- 0009 one statement per new table: the SQL that 0003 copied for every Admin category, and the
-- row-level-security boilerplate of every tenant table, said once as functions.
--
--   SELECT hcm_secure_tenant_table('x');       -- RLS enabled and forced, the tenant policy
--   SELECT hcm_create_category_table('x');     -- a whole Admin category table (catalogues §2.2)
--
-- A later migration that adds a category is that one SELECT. src/db/category-table.test.ts
-- proves that a table made by hcm_create_category_table has the columns, constraints, indexes,
-- policies and grants of job_titles (made by hand in 0003 and 0006).

-- Row-level security of a tenant-owned table (README, "Row-level security"): ENABLE and FORCE,
-- and the one policy that confines every statement to app.tenant_id.
CREATE OR REPLACE FUNCTION hcm_secure_tenant_table(target regclass) RETURNS void
LANGUAGE plpgsql SET search_path = public, pg_catalog AS $$
DECLARE
  bare text := (SELECT relname FROM pg_class WHERE oid = target);
BEGIN
  EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', target);
  EXECUTE format('ALTER TABLE %s FORCE ROW LEVEL SECURITY', target);
  EXECUTE format(
    'CREATE POLICY %I ON %s '
    'USING (tenant_id = nullif(current_setting(''app.tenant_id'', true), '''')::uuid) '
    'WITH CHECK (tenant_id = nullif(current_setting(''app.tenant_id'', true), '''')::uuid)',
    bare || '_tenant_isolation', target);
END
$$;
--> statement-breakpoint

-- An Admin category table: code, name, description, priority, status, the version and audit
-- columns; tenant-leading keys and indexes (default sort by priority, sorts by code and name,
-- the status filter, trigram keyword search over code and name); row-level security; the
-- grants of hcm_app; and the keyword-search opt-in of hcm_search (0006).
CREATE OR REPLACE FUNCTION hcm_create_category_table(name text) RETURNS void
LANGUAGE plpgsql SET search_path = public, pg_catalog AS $$
BEGIN
  IF name !~ '^[a-z][a-z0-9_]*$' THEN
    RAISE EXCEPTION 'hcm_create_category_table: % is not a lower-case table name', name;
  END IF;
  EXECUTE format($sql$
    CREATE TABLE %1$I (
      tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
      id uuid NOT NULL DEFAULT gen_random_uuid(),
      code varchar(50) NOT NULL,
      name varchar(200) NOT NULL,
      description varchar(1000),
      priority integer NOT NULL DEFAULT 0,
      status varchar(16) NOT NULL DEFAULT 'ACTIVE',
      version integer NOT NULL DEFAULT 1,
      created_at timestamptz NOT NULL DEFAULT now(),
      created_by uuid,
      last_modified_at timestamptz NOT NULL DEFAULT now(),
      last_modified_by uuid,
      CONSTRAINT %2$I PRIMARY KEY (tenant_id, id),
      CONSTRAINT %3$I CHECK (status IN ('ACTIVE', 'INACTIVE')),
      CONSTRAINT %4$I CHECK (priority >= 0),
      CONSTRAINT %5$I CHECK (version >= 1)
    )$sql$,
    name, name || '_pkey', name || '_status_check', name || '_priority_check', name || '_version_check');
  EXECUTE format('CREATE UNIQUE INDEX %I ON %I (tenant_id, lower(code))', name || '_code_key', name);
  EXECUTE format('CREATE INDEX %I ON %I (tenant_id, priority, id)', name || '_priority_idx', name);
  EXECUTE format('CREATE INDEX %I ON %I (tenant_id, code, id)', name || '_code_idx', name);
  EXECUTE format('CREATE INDEX %I ON %I (tenant_id, status, priority, id)', name || '_status_idx', name);
  EXECUTE format('CREATE INDEX %I ON %I (tenant_id, name, id)', name || '_name_idx', name);
  EXECUTE format('CREATE INDEX %I ON %I USING gin (tenant_id, code gin_trgm_ops, name gin_trgm_ops)',
    name || '_keyword_idx', name);
  PERFORM hcm_secure_tenant_table(name::regclass);
  EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO hcm_app', name);
  EXECUTE format('GRANT SELECT ON %I TO hcm_search', name);
  EXECUTE format('CREATE POLICY %I ON %I FOR SELECT TO hcm_search USING (true)', name || '_keyword_search', name);
END
$$;

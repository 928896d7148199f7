-- 0016 System › Categories (catalogues §2.2): coefficients, payroll coefficients, time salary
-- coefficients and technical levels. Lists the system administrators keep once for every
-- tenant (permission levels SYSTEM and TENANT, contract level 'both', resource scope 'shared',
-- src/resources): global tables without tenant_id.
--
-- Row-level security of a shared table (hcm_secure_shared_table): ENABLE and FORCE, a read
-- policy for every scope (a tenant user's transaction, app.tenant_id set, reads the one list)
-- and a write policy for the system scope alone (app.tenant_id empty). The server refuses a
-- tenant user's write with 403 before any SQL; the database refuses it again by itself.
-- Keyword search needs no hcm_search opt-in: it reaches no tenant rows, and these lists are short.
CREATE OR REPLACE FUNCTION hcm_secure_shared_table(target regclass) RETURNS void
LANGUAGE plpgsql SET search_path = public, pg_catalog AS $$
DECLARE
  bare text := (SELECT relname FROM pg_class WHERE oid = target);
BEGIN
  EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', target);
  EXECUTE format('ALTER TABLE %s FORCE ROW LEVEL SECURITY', target);
  EXECUTE format('CREATE POLICY %I ON %s FOR SELECT USING (true)', bare || '_read', target);
  EXECUTE format(
    'CREATE POLICY %I ON %s FOR ALL '
    'USING (nullif(current_setting(''app.tenant_id'', true), '''') IS NULL) '
    'WITH CHECK (nullif(current_setting(''app.tenant_id'', true), '''') IS NULL)',
    bare || '_system_writes', target);
  EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %s TO hcm_app', target);
END
$$;
--> statement-breakpoint

-- A coefficient list: code, name, value (3 decimals, never negative), description, priority,
-- status, the version and audit columns; the code unique case-insensitively; an index for the
-- default sort (priority, tie-broken by id).
CREATE OR REPLACE FUNCTION hcm_create_coefficient_table(name text) RETURNS void
LANGUAGE plpgsql SET search_path = public, pg_catalog AS $$
BEGIN
  IF name !~ '^[a-z][a-z0-9_]*$' THEN
    RAISE EXCEPTION 'hcm_create_coefficient_table: % is not a lower-case table name', name;
  END IF;
  EXECUTE format($sql$
    CREATE TABLE %1$I (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      code varchar(50) NOT NULL,
      name varchar(200) NOT NULL,
      value numeric(10, 3) NOT NULL,
      description varchar(1000),
      priority integer NOT NULL DEFAULT 0,
      status varchar(16) NOT NULL DEFAULT 'ACTIVE',
      version integer NOT NULL DEFAULT 1,
      created_at timestamptz NOT NULL DEFAULT now(),
      created_by uuid,
      last_modified_at timestamptz NOT NULL DEFAULT now(),
      last_modified_by uuid,
      CONSTRAINT %2$I CHECK (status IN ('ACTIVE', 'INACTIVE')),
      CONSTRAINT %3$I CHECK (priority >= 0),
      CONSTRAINT %4$I CHECK (version >= 1),
      CONSTRAINT %5$I CHECK (value >= 0)
    )$sql$,
    name, name || '_status_check', name || '_priority_check', name || '_version_check',
    name || '_value_check');
  EXECUTE format('CREATE UNIQUE INDEX %I ON %I (lower(code))', name || '_code_key', name);
  EXECUTE format('CREATE INDEX %I ON %I (priority, id)', name || '_priority_idx', name);
  PERFORM hcm_secure_shared_table(name::regclass);
END
$$;
--> statement-breakpoint
SELECT hcm_create_coefficient_table('coefficients');
--> statement-breakpoint
SELECT hcm_create_coefficient_table('payroll_coefficients');
--> statement-breakpoint
SELECT hcm_create_coefficient_table('time_salary_coefficients');
--> statement-breakpoint

-- Technical levels: the same columns with a level (bậc 1 to 20) instead of a value.
CREATE TABLE technical_levels (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  code varchar(50) NOT NULL,
  name varchar(200) NOT NULL,
  level integer NOT NULL,
  description varchar(1000),
  priority integer NOT NULL DEFAULT 0,
  status varchar(16) NOT NULL DEFAULT 'ACTIVE',
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  last_modified_at timestamptz NOT NULL DEFAULT now(),
  last_modified_by uuid,
  CONSTRAINT technical_levels_status_check CHECK (status IN ('ACTIVE', 'INACTIVE')),
  CONSTRAINT technical_levels_priority_check CHECK (priority >= 0),
  CONSTRAINT technical_levels_version_check CHECK (version >= 1),
  CONSTRAINT technical_levels_level_check CHECK (level BETWEEN 1 AND 20)
);
--> statement-breakpoint
CREATE UNIQUE INDEX technical_levels_code_key ON technical_levels (lower(code));
--> statement-breakpoint
CREATE INDEX technical_levels_priority_idx ON technical_levels (priority, id);
--> statement-breakpoint
SELECT hcm_secure_shared_table('technical_levels');

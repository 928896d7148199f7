-- 0055 A category's keyword looks in its English name too (commit a287d02: CategoryLists.keyword is
-- code, name and nameEn), but the trigram index each such table got (0003, 0009, 0049) covers
-- tenant_id, code and name only. With one column of the keyword's OR outside the index,
-- hcm_keyword_matches read every row of every tenant: a parallel sequential scan, 61 ms for
-- 200,000 job titles and about 280 ms for 1,000,000 (docs/performance.md, "Job-title search beside
-- its honest SQL"). Every table whose keyword index has that shape and that has name_en gets the
-- index again with name_en; the function makes it so from now on, and
-- src/db/category-table.test.ts still finds a made table equal to job_titles.

DO $$
DECLARE
  found record;
BEGIN
  FOR found IN
    SELECT i.tablename
    FROM pg_indexes i
    WHERE i.schemaname = 'public'
      AND i.indexname = i.tablename || '_keyword_idx'
      AND i.indexdef LIKE '%USING gin (tenant_id, code gin_trgm_ops, name gin_trgm_ops)'
      AND EXISTS (
        SELECT 1 FROM information_schema.columns c
        WHERE c.table_schema = 'public' AND c.table_name = i.tablename AND c.column_name = 'name_en'
      )
  LOOP
    EXECUTE format('DROP INDEX %I', found.tablename || '_keyword_idx');
    EXECUTE format(
      'CREATE INDEX %I ON %I USING gin (tenant_id, code gin_trgm_ops, name gin_trgm_ops, name_en gin_trgm_ops)',
      found.tablename || '_keyword_idx', found.tablename);
  END LOOP;
END
$$;
--> statement-breakpoint

-- hcm_create_category_table of 0049, its keyword index with name_en.
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
      name_en varchar(200),
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
  EXECUTE format(
    'CREATE INDEX %I ON %I USING gin (tenant_id, code gin_trgm_ops, name gin_trgm_ops, name_en gin_trgm_ops)',
    name || '_keyword_idx', name);
  PERFORM hcm_secure_tenant_table(name::regclass);
  EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO hcm_app', name);
  EXECUTE format('GRANT SELECT ON %I TO hcm_search', name);
  EXECUTE format('CREATE POLICY %I ON %I FOR SELECT TO hcm_search USING (true)', name || '_keyword_search', name);
END
$$;

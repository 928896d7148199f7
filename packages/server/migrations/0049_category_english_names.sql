-- 0049 English names of catalogue records (issue 27, README "Seed data", "English names"): every
-- Admin category gets `name_en`, the record's name in English, optional; the interface names a
-- referenced record by it on English pages (shared/ui referenceText) and by `name` otherwise.
-- Every table built like an Admin category (0003 by hand, hcm_create_category_table since 0009)
-- gets the column, and the function makes it from now on, so src/db/category-table.test.ts
-- still finds a made table equal to job_titles.

ALTER TABLE job_titles ADD COLUMN name_en varchar(200);
--> statement-breakpoint
ALTER TABLE ethnicities ADD COLUMN name_en varchar(200);
--> statement-breakpoint
ALTER TABLE religions ADD COLUMN name_en varchar(200);
--> statement-breakpoint
DO $$
DECLARE
  made text;
BEGIN
  FOREACH made IN ARRAY ARRAY[
    'job_categories', 'job_positions', 'natures_of_work', 'occupations', 'subjects_of_labor',
    'reward_types', 'discipline_types', 'labor_natures',
    'non_professional_titles', 'allowance_types', 'positions', 'salary_grades', 'contract_types',
    'leave_types', 'military_groups', 'technical_groups', 'organization_units'
  ] LOOP
    -- At the end of the table, where the function below puts it (the same column order).
    EXECUTE format('ALTER TABLE %I ADD COLUMN name_en varchar(200)', made);
  END LOOP;
END
$$;
--> statement-breakpoint

-- hcm_create_category_table of 0009, with name_en after name.
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
  EXECUTE format('CREATE INDEX %I ON %I USING gin (tenant_id, code gin_trgm_ops, name gin_trgm_ops)',
    name || '_keyword_idx', name);
  PERFORM hcm_secure_tenant_table(name::regclass);
  EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO hcm_app', name);
  EXECUTE format('GRANT SELECT ON %I TO hcm_search', name);
  EXECUTE format('CREATE POLICY %I ON %I FOR SELECT TO hcm_search USING (true)', name || '_keyword_search', name);
END
$$;

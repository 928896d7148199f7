-- 0037 attached files (contract kind `files`): the papers kept with a record, in the order they
-- were attached — a coefficient table's decree and appendices (catalogues §3 "Position salary
-- coefficient: … files"), an employee's scanned papers (§3 "workerFiles"), the signed copy of a
-- labour contract, the decision behind a personnel change. One table per record kind, all of one
-- shape, made by one function as the categories' are (0009): (tenant, record, file, place).
--
-- Files are only ever marked deleted, never removed, so the foreign key to files holds; it leads
-- with the tenant (files_tenant_id_key, 0021), so a row never names another tenant's file. The
-- API checks that a file is the tenant's own, live and of an accepted type before a row is written.
CREATE OR REPLACE FUNCTION hcm_create_file_list_table(name text, parent text)
RETURNS void
LANGUAGE plpgsql SET search_path = public, pg_catalog AS $$
BEGIN
  IF name !~ '^[a-z][a-z0-9_]*$' OR parent !~ '^[a-z][a-z0-9_]*$' THEN
    RAISE EXCEPTION 'hcm_create_file_list_table: % or % is not a lower-case table name', name, parent;
  END IF;
  EXECUTE format($sql$
    CREATE TABLE %1$I (
      tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
      record_id uuid NOT NULL,
      file_id uuid NOT NULL,
      ordinal smallint NOT NULL,
      CONSTRAINT %3$I PRIMARY KEY (tenant_id, record_id, file_id),
      -- the files go with their record
      CONSTRAINT %4$I FOREIGN KEY (tenant_id, record_id) REFERENCES %2$I (tenant_id, id) ON DELETE CASCADE,
      CONSTRAINT %5$I FOREIGN KEY (tenant_id, file_id) REFERENCES files (tenant_id, id) ON DELETE RESTRICT,
      CONSTRAINT %6$I CHECK (ordinal >= 0)
    )$sql$,
    name, parent, name || '_pkey', name || '_record_fkey', name || '_file_fkey', name || '_ordinal_check');
  -- which records a file is attached to
  EXECUTE format('CREATE INDEX %I ON %I (tenant_id, file_id)', name || '_file_idx', name);
  PERFORM hcm_secure_tenant_table(name::regclass);
  EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO hcm_app', name);
END
$$;
--> statement-breakpoint
SELECT hcm_create_file_list_table('position_salary_coefficient_files', 'position_salary_coefficients');
--> statement-breakpoint
SELECT hcm_create_file_list_table('worker_files', 'workers');
--> statement-breakpoint
SELECT hcm_create_file_list_table('labor_contract_files', 'labor_contracts');
--> statement-breakpoint
SELECT hcm_create_file_list_table('displacement_files', 'displacements');
--> statement-breakpoint
SELECT hcm_create_file_list_table('resignation_files', 'resignations');
--> statement-breakpoint
SELECT hcm_create_file_list_table('reward_files', 'rewards');
--> statement-breakpoint
SELECT hcm_create_file_list_table('discipline_files', 'disciplines');
--> statement-breakpoint
SELECT hcm_create_file_list_table('benefit_files', 'benefits');
--> statement-breakpoint
SELECT hcm_create_file_list_table('salary_review_files', 'salary_reviews');

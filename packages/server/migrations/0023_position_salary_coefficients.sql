-- 0023 position salary coefficients (catalogues §2.2 Salary › payroll scale, §3, §7.4): a table
-- of coefficients in force from its effective date, one per date in a tenant, and its body, a
-- row per salary grade with the coefficient of each of the grade's steps (1 to 5; NULL where
-- the grade has no such step). Tenant-leading keys, the row-level security of 0009
-- (hcm_secure_tenant_table), the grants of hcm_app and the keyword search of hcm_search (0006).
-- The CHECK constraints repeat the contract's limits
-- (shared/contracts/src/modules/position-coefficients.ts), so no write stores what the API refuses.
CREATE TABLE position_salary_coefficients (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  name varchar(200) NOT NULL,
  effective_date date NOT NULL,
  base_salary numeric(18, 2) NOT NULL,
  note varchar(1000),
  status varchar(16) NOT NULL DEFAULT 'ACTIVE',
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  last_modified_at timestamptz NOT NULL DEFAULT now(),
  last_modified_by uuid,
  CONSTRAINT position_salary_coefficients_pkey PRIMARY KEY (tenant_id, id),
  CONSTRAINT position_salary_coefficients_base_salary_check CHECK (base_salary > 0),
  CONSTRAINT position_salary_coefficients_status_check CHECK (status IN ('ACTIVE', 'INACTIVE')),
  CONSTRAINT position_salary_coefficients_version_check CHECK (version >= 1)
);
--> statement-breakpoint
-- One table per effective date; also the index of the latest-effective look-ups.
CREATE UNIQUE INDEX position_salary_coefficients_date_key
  ON position_salary_coefficients (tenant_id, effective_date);
--> statement-breakpoint
CREATE INDEX position_salary_coefficients_keyword_idx ON position_salary_coefficients
  USING gin (tenant_id, name gin_trgm_ops, note gin_trgm_ops);
--> statement-breakpoint
SELECT hcm_secure_tenant_table('position_salary_coefficients');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON position_salary_coefficients TO hcm_app;
--> statement-breakpoint
GRANT SELECT ON position_salary_coefficients TO hcm_search;
--> statement-breakpoint
CREATE POLICY position_salary_coefficients_keyword_search ON position_salary_coefficients
  FOR SELECT TO hcm_search USING (true);
--> statement-breakpoint

-- A grade's row of a table: under the table's tenant and the grade's (the foreign keys carry
-- the tenant, so a row never hangs under another tenant's table or grade), removed with the
-- table; a grade used by a table cannot be deleted (NO ACTION: the API answers 409).
CREATE TABLE position_salary_coefficient_grades (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  position_salary_coefficient_id uuid NOT NULL,
  position smallint NOT NULL,
  salary_grade_id uuid NOT NULL,
  coefficient_1 numeric(5, 3),
  coefficient_2 numeric(5, 3),
  coefficient_3 numeric(5, 3),
  coefficient_4 numeric(5, 3),
  coefficient_5 numeric(5, 3),
  CONSTRAINT position_salary_coefficient_grades_pkey
    PRIMARY KEY (tenant_id, position_salary_coefficient_id, position),
  CONSTRAINT position_salary_coefficient_grades_table_fkey FOREIGN KEY (tenant_id, position_salary_coefficient_id)
    REFERENCES position_salary_coefficients (tenant_id, id) ON DELETE CASCADE,
  CONSTRAINT position_salary_coefficient_grades_grade_fkey FOREIGN KEY (tenant_id, salary_grade_id)
    REFERENCES salary_grades (tenant_id, id),
  CONSTRAINT position_salary_coefficient_grades_position_check CHECK (position >= 0),
  CONSTRAINT position_salary_coefficient_grades_coefficients_check CHECK (
    coefficient_1 > 0 AND coefficient_2 > 0 AND coefficient_3 > 0 AND coefficient_4 > 0
    AND coefficient_5 > 0
  )
);
--> statement-breakpoint
-- One row per grade in a table; also the index of the default-coefficient look-up.
CREATE UNIQUE INDEX position_salary_coefficient_grades_grade_key
  ON position_salary_coefficient_grades (tenant_id, position_salary_coefficient_id, salary_grade_id);
--> statement-breakpoint
CREATE INDEX position_salary_coefficient_grades_salary_grade_idx
  ON position_salary_coefficient_grades (tenant_id, salary_grade_id);
--> statement-breakpoint
SELECT hcm_secure_tenant_table('position_salary_coefficient_grades');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON position_salary_coefficient_grades TO hcm_app;

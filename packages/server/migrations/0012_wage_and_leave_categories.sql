-- 0012 the wage and leave categories (catalogues §2.1, §3, §7.4): region wages, salary grades
-- with their steps (scales), contract types, leave types and holidays. Every table is tenant
-- owned: tenant-leading keys and indexes, the row-level security of 0009
-- (hcm_secure_tenant_table), the grants of hcm_app, and the keyword-search opt-in of hcm_search
-- (0006) for the tables with keyword fields. The CHECK constraints repeat the contracts' limits
-- (shared/contracts/src/modules/wage-categories.ts, leave-categories.ts), so that no write can
-- store what the API would refuse.

-- Region minimum wages: one record per region and effective date in a tenant.
CREATE TABLE region_wages (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  region varchar(4) NOT NULL,
  amount numeric(18, 2) NOT NULL,
  effective_date date NOT NULL,
  note varchar(1000),
  status varchar(16) NOT NULL DEFAULT 'ACTIVE',
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  last_modified_at timestamptz NOT NULL DEFAULT now(),
  last_modified_by uuid,
  CONSTRAINT region_wages_pkey PRIMARY KEY (tenant_id, id),
  CONSTRAINT region_wages_region_check CHECK (region IN ('I', 'II', 'III', 'IV')),
  CONSTRAINT region_wages_amount_check CHECK (amount > 0),
  CONSTRAINT region_wages_status_check CHECK (status IN ('ACTIVE', 'INACTIVE')),
  CONSTRAINT region_wages_version_check CHECK (version >= 1)
);
--> statement-breakpoint
-- Also the index of find-latest-effective: per region, the newest date first.
CREATE UNIQUE INDEX region_wages_region_date_key ON region_wages (tenant_id, region, effective_date);
--> statement-breakpoint
CREATE INDEX region_wages_effective_date_idx ON region_wages (tenant_id, effective_date, id);
--> statement-breakpoint
CREATE INDEX region_wages_keyword_idx ON region_wages USING gin (tenant_id, note gin_trgm_ops);
--> statement-breakpoint
SELECT hcm_secure_tenant_table('region_wages');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON region_wages TO hcm_app;
--> statement-breakpoint
GRANT SELECT ON region_wages TO hcm_search;
--> statement-breakpoint
CREATE POLICY region_wages_keyword_search ON region_wages FOR SELECT TO hcm_search USING (true);
--> statement-breakpoint

-- Salary grades: an Admin category (grants, row-level security and keyword search included).
SELECT hcm_create_category_table('salary_grades');
--> statement-breakpoint
-- The steps (bậc) 1 to 5 of a grade: a row per step, under the grade's tenant (the foreign key
-- carries it, so a step never hangs under another tenant's grade) and removed with the grade.
CREATE TABLE salary_grade_scales (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  salary_grade_id uuid NOT NULL,
  scale varchar(1) NOT NULL,
  CONSTRAINT salary_grade_scales_pkey PRIMARY KEY (tenant_id, salary_grade_id, scale),
  CONSTRAINT salary_grade_scales_grade_fkey FOREIGN KEY (tenant_id, salary_grade_id)
    REFERENCES salary_grades (tenant_id, id) ON DELETE CASCADE,
  CONSTRAINT salary_grade_scales_scale_check CHECK (scale IN ('1', '2', '3', '4', '5'))
);
--> statement-breakpoint
SELECT hcm_secure_tenant_table('salary_grade_scales');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON salary_grade_scales TO hcm_app;
--> statement-breakpoint

-- Contract types: an Admin category, its salary rate (a percent, 0 to 100) and its term in
-- months (1 to 60; NULL: an indefinite term). Added to an empty table, so NOT NULL is safe.
SELECT hcm_create_category_table('contract_types');
--> statement-breakpoint
ALTER TABLE contract_types
  ADD COLUMN salary_rate numeric(5, 2) NOT NULL,
  ADD COLUMN term_months integer,
  ADD CONSTRAINT contract_types_salary_rate_check CHECK (salary_rate BETWEEN 0 AND 100),
  ADD CONSTRAINT contract_types_term_months_check CHECK (term_months BETWEEN 1 AND 60);
--> statement-breakpoint

-- Leave types: an Admin category, whether the employer pays, and the days a year it allows
-- (0 to 365, one decimal; NULL: no limit).
SELECT hcm_create_category_table('leave_types');
--> statement-breakpoint
ALTER TABLE leave_types
  ADD COLUMN paid boolean NOT NULL,
  ADD COLUMN max_days_per_year numeric(4, 1),
  ADD CONSTRAINT leave_types_max_days_per_year_check CHECK (max_days_per_year BETWEEN 0 AND 365);
--> statement-breakpoint

-- Holidays: from a start date to an end date, never before it.
CREATE TABLE holidays (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  code varchar(50) NOT NULL,
  name varchar(200) NOT NULL,
  start_date date NOT NULL,
  end_date date NOT NULL,
  paid boolean NOT NULL,
  description varchar(1000),
  status varchar(16) NOT NULL DEFAULT 'ACTIVE',
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  last_modified_at timestamptz NOT NULL DEFAULT now(),
  last_modified_by uuid,
  CONSTRAINT holidays_pkey PRIMARY KEY (tenant_id, id),
  CONSTRAINT holidays_dates_check CHECK (end_date >= start_date),
  CONSTRAINT holidays_status_check CHECK (status IN ('ACTIVE', 'INACTIVE')),
  CONSTRAINT holidays_version_check CHECK (version >= 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX holidays_code_key ON holidays (tenant_id, lower(code));
--> statement-breakpoint
CREATE INDEX holidays_start_date_idx ON holidays (tenant_id, start_date, id);
--> statement-breakpoint
CREATE INDEX holidays_keyword_idx ON holidays USING gin (tenant_id, code gin_trgm_ops, name gin_trgm_ops);
--> statement-breakpoint
SELECT hcm_secure_tenant_table('holidays');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON holidays TO hcm_app;
--> statement-breakpoint
GRANT SELECT ON holidays TO hcm_search;
--> statement-breakpoint
CREATE POLICY holidays_keyword_search ON holidays FOR SELECT TO hcm_search USING (true);

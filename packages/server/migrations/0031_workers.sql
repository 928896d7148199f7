-- 0031 workers (Organisation › Employee list; catalogues §3 "Worker (employee) detail", §5):
-- a tenant's employees with their one-of-a-kind records as columns (identity, insurance,
-- addresses, union and party, health, military service) and four child lists (academics,
-- employments, related persons, bank accounts), each row in the order the form gave it.
CREATE TABLE workers (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  code varchar(50) NOT NULL,
  full_name varchar(100) NOT NULL,
  gender varchar(8) NOT NULL,
  date_of_birth date,
  organization_unit_id uuid NOT NULL,
  job_position_id uuid,
  job_title_id uuid,
  kind varchar(16) NOT NULL DEFAULT 'OFFICIAL',
  working_status varchar(16) NOT NULL DEFAULT 'WORKING',
  joined_date date,
  email varchar(50),
  phone varchar(20),
  personal_tax_code varchar(13),
  ethnicity_id uuid,
  religion_id uuid,
  citizen_identity_number varchar(12),
  citizen_identity_issue_date date,
  citizen_identity_issue_place varchar(200),
  social_insurance_number varchar(10),
  social_insurance_issue_date date,
  social_insurance_issue_place varchar(200),
  permanent_address varchar(200),
  temporary_address varchar(200),
  home_town varchar(200),
  union_joining_date date,
  party_reserved_joining_date date,
  party_official_joining_date date,
  blood_group varchar(2),
  height_cm integer,
  military_id varchar(20),
  military_rank varchar(200),
  military_enlist_date date,
  military_discharge_date date,
  note varchar(1000),
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  last_modified_at timestamptz NOT NULL DEFAULT now(),
  last_modified_by uuid,
  CONSTRAINT workers_pkey PRIMARY KEY (tenant_id, id),
  CONSTRAINT workers_gender_check CHECK (gender IN ('MALE', 'FEMALE', 'OTHER')),
  CONSTRAINT workers_kind_check CHECK (kind IN ('OFFICIAL', 'MILITARY_FORCE')),
  CONSTRAINT workers_working_status_check CHECK (working_status IN ('WORKING', 'UNEMPLOYED')),
  CONSTRAINT workers_blood_group_check CHECK (blood_group IN ('A', 'B', 'AB', 'O')),
  CONSTRAINT workers_height_check CHECK (height_cm BETWEEN 50 AND 250),
  CONSTRAINT workers_version_check CHECK (version >= 1),
  -- a unit, position or title still holding workers cannot be deleted (409)
  CONSTRAINT workers_unit_fkey FOREIGN KEY (tenant_id, organization_unit_id)
    REFERENCES organization_units (tenant_id, id) ON DELETE RESTRICT,
  CONSTRAINT workers_position_fkey FOREIGN KEY (tenant_id, job_position_id)
    REFERENCES positions (tenant_id, id) ON DELETE RESTRICT,
  CONSTRAINT workers_job_title_fkey FOREIGN KEY (tenant_id, job_title_id)
    REFERENCES job_titles (tenant_id, id) ON DELETE RESTRICT,
  CONSTRAINT workers_ethnicity_fkey FOREIGN KEY (tenant_id, ethnicity_id)
    REFERENCES ethnicities (tenant_id, id) ON DELETE RESTRICT,
  CONSTRAINT workers_religion_fkey FOREIGN KEY (tenant_id, religion_id)
    REFERENCES religions (tenant_id, id) ON DELETE RESTRICT
);
--> statement-breakpoint
CREATE UNIQUE INDEX workers_code_key ON workers (tenant_id, lower(code));
--> statement-breakpoint
CREATE UNIQUE INDEX workers_personal_tax_code_key ON workers (tenant_id, lower(personal_tax_code))
  WHERE personal_tax_code IS NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX workers_citizen_identity_number_key ON workers (tenant_id, lower(citizen_identity_number))
  WHERE citizen_identity_number IS NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX workers_social_insurance_number_key ON workers (tenant_id, lower(social_insurance_number))
  WHERE social_insurance_number IS NOT NULL;
--> statement-breakpoint
CREATE INDEX workers_code_idx ON workers (tenant_id, code, id);
--> statement-breakpoint
CREATE INDEX workers_full_name_idx ON workers (tenant_id, full_name, id);
--> statement-breakpoint
CREATE INDEX workers_unit_idx ON workers (tenant_id, organization_unit_id, code, id);
--> statement-breakpoint
CREATE INDEX workers_position_idx ON workers (tenant_id, job_position_id);
--> statement-breakpoint
CREATE INDEX workers_job_title_idx ON workers (tenant_id, job_title_id);
--> statement-breakpoint
CREATE INDEX workers_keyword_idx ON workers USING gin (
  tenant_id, code gin_trgm_ops, full_name gin_trgm_ops, email gin_trgm_ops, phone gin_trgm_ops);
--> statement-breakpoint
SELECT hcm_secure_tenant_table('workers');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON workers TO hcm_app;
--> statement-breakpoint
GRANT SELECT ON workers TO hcm_search;
--> statement-breakpoint
CREATE POLICY workers_keyword_search ON workers FOR SELECT TO hcm_search USING (true);
--> statement-breakpoint
CREATE TABLE worker_academics (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  worker_id uuid NOT NULL,
  position smallint NOT NULL,
  level varchar(200) NOT NULL,
  institution varchar(200),
  occupation varchar(200),
  degree varchar(200),
  graduation_date date,
  is_advance boolean,
  CONSTRAINT worker_academics_pkey PRIMARY KEY (tenant_id, worker_id, position),
  CONSTRAINT worker_academics_worker_fkey FOREIGN KEY (tenant_id, worker_id)
    REFERENCES workers (tenant_id, id) ON DELETE CASCADE
);
--> statement-breakpoint
CREATE TABLE worker_employments (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  worker_id uuid NOT NULL,
  position smallint NOT NULL,
  from_date date NOT NULL,
  to_date date,
  company varchar(200) NOT NULL,
  -- the job held there (a column named "position" is the row's place)
  job varchar(200),
  description varchar(1000),
  CONSTRAINT worker_employments_pkey PRIMARY KEY (tenant_id, worker_id, position),
  CONSTRAINT worker_employments_worker_fkey FOREIGN KEY (tenant_id, worker_id)
    REFERENCES workers (tenant_id, id) ON DELETE CASCADE,
  CONSTRAINT worker_employments_dates_check CHECK (to_date IS NULL OR to_date >= from_date)
);
--> statement-breakpoint
CREATE TABLE worker_related_persons (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  worker_id uuid NOT NULL,
  position smallint NOT NULL,
  relation varchar(50) NOT NULL,
  full_name varchar(100) NOT NULL,
  date_of_birth date,
  occupation varchar(200),
  phone varchar(20),
  is_dependant boolean,
  CONSTRAINT worker_related_persons_pkey PRIMARY KEY (tenant_id, worker_id, position),
  CONSTRAINT worker_related_persons_worker_fkey FOREIGN KEY (tenant_id, worker_id)
    REFERENCES workers (tenant_id, id) ON DELETE CASCADE
);
--> statement-breakpoint
CREATE TABLE worker_bank_accounts (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  worker_id uuid NOT NULL,
  position smallint NOT NULL,
  bank_id uuid NOT NULL,
  account_number varchar(20) NOT NULL,
  account_name varchar(200),
  branch varchar(200),
  is_default boolean,
  CONSTRAINT worker_bank_accounts_pkey PRIMARY KEY (tenant_id, worker_id, position),
  CONSTRAINT worker_bank_accounts_worker_fkey FOREIGN KEY (tenant_id, worker_id)
    REFERENCES workers (tenant_id, id) ON DELETE CASCADE,
  CONSTRAINT worker_bank_accounts_bank_fkey FOREIGN KEY (tenant_id, bank_id)
    REFERENCES banks (tenant_id, id) ON DELETE RESTRICT
);
--> statement-breakpoint
CREATE UNIQUE INDEX worker_bank_accounts_number_key ON worker_bank_accounts (tenant_id, worker_id, lower(account_number));
--> statement-breakpoint
SELECT hcm_secure_tenant_table('worker_academics');
--> statement-breakpoint
SELECT hcm_secure_tenant_table('worker_employments');
--> statement-breakpoint
SELECT hcm_secure_tenant_table('worker_related_persons');
--> statement-breakpoint
SELECT hcm_secure_tenant_table('worker_bank_accounts');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON worker_academics, worker_employments, worker_related_persons, worker_bank_accounts TO hcm_app;

-- 0033 labour contracts (Organisation › Contract; catalogues §3 "Validity", §5.1, §5.2): a
-- worker's contracts and annexes (an annex names the contract it amends), their allowances in
-- the order the form gave them. `validity` is written by the server from the dates on every
-- write and refreshed as days pass (services/om/labor-contracts/refresh-validity.ts).
CREATE TABLE labor_contracts (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  number varchar(100) NOT NULL,
  worker_id uuid NOT NULL,
  contract_type_id uuid NOT NULL,
  parent_contract_id uuid,
  signing_date date NOT NULL,
  effective_date date NOT NULL,
  expiry_date date,
  validity varchar(16) NOT NULL DEFAULT 'NOT_EFFECTIVE',
  job_title_id uuid,
  workplace varchar(200),
  salary numeric(18, 2) NOT NULL,
  note varchar(1000),
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  last_modified_at timestamptz NOT NULL DEFAULT now(),
  last_modified_by uuid,
  CONSTRAINT labor_contracts_pkey PRIMARY KEY (tenant_id, id),
  CONSTRAINT labor_contracts_validity_check CHECK (validity IN ('EFFECTIVE', 'NOT_EFFECTIVE', 'EXPIRE')),
  CONSTRAINT labor_contracts_number_check CHECK (position(E'\\' in number) = 0),
  CONSTRAINT labor_contracts_dates_check CHECK (expiry_date IS NULL OR expiry_date >= effective_date),
  CONSTRAINT labor_contracts_salary_check CHECK (salary >= 0),
  CONSTRAINT labor_contracts_version_check CHECK (version >= 1),
  CONSTRAINT labor_contracts_not_own_annex CHECK (parent_contract_id IS NULL OR parent_contract_id <> id),
  -- a worker, type or title still named by a contract cannot be deleted (409); nor a contract
  -- that has annexes
  CONSTRAINT labor_contracts_worker_fkey FOREIGN KEY (tenant_id, worker_id)
    REFERENCES workers (tenant_id, id) ON DELETE RESTRICT,
  CONSTRAINT labor_contracts_type_fkey FOREIGN KEY (tenant_id, contract_type_id)
    REFERENCES contract_types (tenant_id, id) ON DELETE RESTRICT,
  CONSTRAINT labor_contracts_parent_fkey FOREIGN KEY (tenant_id, parent_contract_id)
    REFERENCES labor_contracts (tenant_id, id) ON DELETE RESTRICT,
  CONSTRAINT labor_contracts_job_title_fkey FOREIGN KEY (tenant_id, job_title_id)
    REFERENCES job_titles (tenant_id, id) ON DELETE RESTRICT
);
--> statement-breakpoint
CREATE UNIQUE INDEX labor_contracts_number_key ON labor_contracts (tenant_id, lower(number));
--> statement-breakpoint
-- the default sort, and a worker's contracts by date (the in-force look-up)
CREATE INDEX labor_contracts_effective_idx ON labor_contracts (tenant_id, effective_date DESC, id);
--> statement-breakpoint
CREATE INDEX labor_contracts_worker_idx ON labor_contracts (tenant_id, worker_id, effective_date DESC);
--> statement-breakpoint
CREATE INDEX labor_contracts_type_idx ON labor_contracts (tenant_id, contract_type_id);
--> statement-breakpoint
CREATE INDEX labor_contracts_parent_idx ON labor_contracts (tenant_id, parent_contract_id)
  WHERE parent_contract_id IS NOT NULL;
--> statement-breakpoint
CREATE INDEX labor_contracts_validity_idx ON labor_contracts (tenant_id, validity);
--> statement-breakpoint
CREATE INDEX labor_contracts_keyword_idx ON labor_contracts USING gin (tenant_id, number gin_trgm_ops);
--> statement-breakpoint
SELECT hcm_secure_tenant_table('labor_contracts');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON labor_contracts TO hcm_app;
--> statement-breakpoint
GRANT SELECT ON labor_contracts TO hcm_search;
--> statement-breakpoint
CREATE POLICY labor_contracts_keyword_search ON labor_contracts FOR SELECT TO hcm_search USING (true);
--> statement-breakpoint
CREATE TABLE labor_contract_allowances (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  contract_id uuid NOT NULL,
  position smallint NOT NULL,
  allowance_type_id uuid NOT NULL,
  amount numeric(18, 2) NOT NULL,
  CONSTRAINT labor_contract_allowances_pkey PRIMARY KEY (tenant_id, contract_id, position),
  CONSTRAINT labor_contract_allowances_contract_fkey FOREIGN KEY (tenant_id, contract_id)
    REFERENCES labor_contracts (tenant_id, id) ON DELETE CASCADE,
  CONSTRAINT labor_contract_allowances_type_fkey FOREIGN KEY (tenant_id, allowance_type_id)
    REFERENCES allowance_types (tenant_id, id) ON DELETE RESTRICT,
  CONSTRAINT labor_contract_allowances_amount_check CHECK (amount >= 0)
);
--> statement-breakpoint
SELECT hcm_secure_tenant_table('labor_contract_allowances');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON labor_contract_allowances TO hcm_app;

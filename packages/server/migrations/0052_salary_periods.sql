-- 0052 a payroll run approved as one record, and bulk tables without a tenant foreign key
-- (issue 28, docs/bulk-path.md "Approving a period or run as one record").
--
-- 1. The bulk tables of 0050 lose their foreign key to tenants. A key check runs once per row and
--    locks the tenant's row (FOR KEY SHARE) each time: a third of the time of a 400,000-line
--    payroll run (bench/bulk-path.ts; 3.2 s → 2.2 s in a plain INSERT … SELECT of the same rows).
--    The writer only ever writes the caller's own tenant (it sets tenant_id itself, and the row
--    policy checks it), so the key proved nothing per row. A tenant's deletion still takes its
--    facts with it: a trigger deletes them first, as the cascade did.
-- 2. salary_periods: Salary › Salary period (catalogues §2.1 pay-period, §3.1 "approvable: salary
--    period"). A period names the month a payroll run pays; its result lines
--    (payroll_result_lines.run_id) are the bulk facts. The period is approved through the approval
--    engine as ONE record, however many lines it has, and while it waits for approval or once it
--    is approved the bulk writer refuses to change its lines (the declaration's `lockedBy`).

ALTER TABLE tm_punches DROP CONSTRAINT tm_punches_tenant_id_fkey;
--> statement-breakpoint
ALTER TABLE tm_day_records DROP CONSTRAINT tm_day_records_tenant_id_fkey;
--> statement-breakpoint
ALTER TABLE payroll_result_lines DROP CONSTRAINT payroll_result_lines_tenant_id_fkey;
--> statement-breakpoint
-- Runs as whoever deletes the tenant: the tenant's own scope is set for the deletes (the row
-- policy is forced, even for the owner), and the caller's scope is put back after.
CREATE FUNCTION hcm_delete_tenant_facts() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_catalog AS $$
DECLARE
  caller_scope text := current_setting('app.tenant_id', true);
BEGIN
  PERFORM set_config('app.tenant_id', OLD.id::text, true);
  DELETE FROM tm_punches WHERE tenant_id = OLD.id;
  DELETE FROM tm_day_records WHERE tenant_id = OLD.id;
  DELETE FROM payroll_result_lines WHERE tenant_id = OLD.id;
  PERFORM set_config('app.tenant_id', coalesce(caller_scope, ''), true);
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER tenants_facts_cascade BEFORE DELETE ON tenants
  FOR EACH ROW EXECUTE FUNCTION hcm_delete_tenant_facts();
--> statement-breakpoint

CREATE TABLE salary_periods (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  code varchar(50) NOT NULL,
  name varchar(200) NOT NULL,
  -- the first day of the month the period pays: its lines' partition (payroll_result_lines.period_month)
  period_month date NOT NULL,
  description varchar(1000),
  approval_status varchar(16) NOT NULL DEFAULT 'NEW',
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  last_modified_at timestamptz NOT NULL DEFAULT now(),
  last_modified_by uuid,
  CONSTRAINT salary_periods_pkey PRIMARY KEY (tenant_id, id),
  CONSTRAINT salary_periods_month_check CHECK (extract(day FROM period_month) = 1),
  CONSTRAINT salary_periods_approval_status_check CHECK (approval_status IN
    ('NEW', 'WAIT_APPROVE', 'IN_APPROVE', 'APPROVED', 'REJECTED', 'CANCELED')),
  CONSTRAINT salary_periods_version_check CHECK (version >= 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX salary_periods_code_key ON salary_periods (tenant_id, lower(code));
--> statement-breakpoint
CREATE INDEX salary_periods_month_idx ON salary_periods (tenant_id, period_month DESC, id);
--> statement-breakpoint
CREATE INDEX salary_periods_approval_idx ON salary_periods (tenant_id, approval_status);
--> statement-breakpoint
SELECT hcm_secure_tenant_table('salary_periods');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON salary_periods TO hcm_app;
--> statement-breakpoint
-- the keyword search and the unique code's check (0006: a resource table opts in with these two)
GRANT SELECT ON salary_periods TO hcm_search;
--> statement-breakpoint
CREATE POLICY salary_periods_keyword_search ON salary_periods FOR SELECT TO hcm_search USING (true);
--> statement-breakpoint
CREATE INDEX salary_periods_keyword_idx ON salary_periods USING gin (tenant_id, code gin_trgm_ops, name gin_trgm_ops);
--> statement-breakpoint
-- A period deleted (only while NEW, REJECTED or CANCELED: the record engine refuses the rest)
-- takes its lines with it: they name it without a foreign key (bulk path).
CREATE FUNCTION hcm_delete_salary_period_lines() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_catalog AS $$
BEGIN
  DELETE FROM payroll_result_lines
   WHERE tenant_id = OLD.tenant_id AND period_month = OLD.period_month AND run_id = OLD.id;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER salary_periods_lines_cascade AFTER DELETE ON salary_periods
  FOR EACH ROW EXECUTE FUNCTION hcm_delete_salary_period_lines();

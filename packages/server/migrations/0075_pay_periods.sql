-- 0075 pay periods (issue 32 item 7, docs/payroll-periods.md): Salary › Payroll period (Bảng lương).
-- A salary period (0052) is the month; a pay period is one payroll sheet of it: a template, a set
-- of workers (units with or without their sub-units, or everyone the template applies to), computed
-- as a background job in chunks, reviewed, approved through the approval engine as ONE record and
-- locked. Its result lines are payroll_result_lines with run_id = the pay period's id (0076 moves
-- the lines' lock from salary periods to pay periods).
--
--   pay_periods          the sheet: its salary period, template, scope, the computation's state
--                        and progress, the approval status and the lock
--   pay_period_units     the units it covers (a references list, ordered)
--   pay_period_workers   who it computed, each with the worker's code, name and unit as they were,
--                        and why a worker failed (the component, the error's code and its words)
--   pay_period_inputs    the INPUT components' values HR typed for a worker of this sheet

CREATE TABLE pay_periods (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  code varchar(50) NOT NULL,
  name varchar(200) NOT NULL,
  salary_period_id uuid NOT NULL,
  -- the salary period's month (its first day): the lines' partition. Written by the trigger below
  -- from the salary period, never by the API (nullable only so that an insert may leave it out)
  period_month date,
  -- null only for the sheets 0076 makes of lines written before pay periods existed
  template_id uuid,
  include_sub_units boolean NOT NULL DEFAULT true,
  -- REGULAR, or FINALISATION: the year-end income-tax recomputation of a locked sheet (source_id),
  -- kept beside it so the approved figures stay as they were approved
  kind varchar(16) NOT NULL DEFAULT 'REGULAR',
  source_id uuid,
  description varchar(1000),
  compute_status varchar(24) NOT NULL DEFAULT 'DRAFT',
  -- the job computing it (pg-boss's id): a second computation is refused while it lives
  compute_job_id varchar(36),
  -- the template's version the last computation compiled (shown), and a digest of it and its
  -- components' versions: a one-worker recomputation must compile the same
  template_version integer,
  template_fingerprint varchar(64),
  workers_total integer NOT NULL DEFAULT 0,
  workers_done integer NOT NULL DEFAULT 0,
  workers_failed integer NOT NULL DEFAULT 0,
  compute_started_at timestamptz,
  computed_at timestamptz,
  compute_error varchar(1000),
  approval_status varchar(16) NOT NULL DEFAULT 'NEW',
  locked_at timestamptz,
  locked_by uuid,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  last_modified_at timestamptz NOT NULL DEFAULT now(),
  last_modified_by uuid,
  CONSTRAINT pay_periods_pkey PRIMARY KEY (tenant_id, id),
  -- a salary period or a template with sheets is not deleted from under them (409 "in use"):
  -- delete the sheets first. NO ACTION, checked at the end of the statement, not RESTRICT: a
  -- tenant's deletion cascades to both sides in one statement
  CONSTRAINT pay_periods_salary_period_fkey FOREIGN KEY (tenant_id, salary_period_id)
    REFERENCES salary_periods (tenant_id, id),
  CONSTRAINT pay_periods_template_fkey FOREIGN KEY (tenant_id, template_id)
    REFERENCES payroll_templates (tenant_id, id),
  CONSTRAINT pay_periods_source_fkey FOREIGN KEY (tenant_id, source_id)
    REFERENCES pay_periods (tenant_id, id),
  CONSTRAINT pay_periods_month_check CHECK (period_month IS NOT NULL AND extract(day FROM period_month) = 1),
  CONSTRAINT pay_periods_kind_check CHECK (
    (kind = 'REGULAR' AND source_id IS NULL) OR (kind = 'FINALISATION' AND source_id IS NOT NULL)),
  CONSTRAINT pay_periods_compute_status_check CHECK (compute_status IN
    ('DRAFT', 'COMPUTING', 'COMPUTED', 'COMPUTED_WITH_ERRORS', 'INTERRUPTED')),
  CONSTRAINT pay_periods_approval_status_check CHECK (approval_status IN
    ('NEW', 'WAIT_APPROVE', 'IN_APPROVE', 'APPROVED', 'REJECTED', 'CANCELED')),
  -- what is approved was computed: in approval or approved only once a computation ended
  -- (the API says it first, 409; this is the rule's last line)
  CONSTRAINT pay_periods_approved_computed_check CHECK (
    approval_status IN ('NEW', 'REJECTED', 'CANCELED')
    OR compute_status IN ('COMPUTED', 'COMPUTED_WITH_ERRORS')),
  CONSTRAINT pay_periods_locked_check CHECK (locked_at IS NULL OR approval_status = 'APPROVED'),
  CONSTRAINT pay_periods_counts_check CHECK (
    workers_total >= 0 AND workers_done >= 0 AND workers_failed >= 0 AND workers_failed <= workers_done),
  CONSTRAINT pay_periods_version_check CHECK (version >= 1)
);
--> statement-breakpoint
-- A sheet's month is its salary period's, whatever an insert says.
CREATE FUNCTION hcm_pay_period_month() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_catalog AS $$
BEGIN
  SELECT s.period_month INTO NEW.period_month FROM salary_periods s
   WHERE s.tenant_id = NEW.tenant_id AND s.id = NEW.salary_period_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER pay_periods_month BEFORE INSERT OR UPDATE OF salary_period_id, period_month ON pay_periods
  FOR EACH ROW EXECUTE FUNCTION hcm_pay_period_month();
--> statement-breakpoint
CREATE UNIQUE INDEX pay_periods_code_key ON pay_periods (tenant_id, lower(code));
--> statement-breakpoint
-- one year-end recomputation per sheet (computed again as often as needed while it is editable)
CREATE UNIQUE INDEX pay_periods_source_key ON pay_periods (tenant_id, source_id) WHERE source_id IS NOT NULL;
--> statement-breakpoint
CREATE INDEX pay_periods_salary_period_idx ON pay_periods (tenant_id, salary_period_id);
--> statement-breakpoint
CREATE INDEX pay_periods_month_idx ON pay_periods (tenant_id, period_month DESC, id);
--> statement-breakpoint
CREATE INDEX pay_periods_template_idx ON pay_periods (tenant_id, template_id);
--> statement-breakpoint
SELECT hcm_secure_tenant_table('pay_periods');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON pay_periods TO hcm_app;
--> statement-breakpoint
-- the keyword search and the unique code's check (0006: a resource table opts in with these two)
GRANT SELECT ON pay_periods TO hcm_search;
--> statement-breakpoint
CREATE POLICY pay_periods_keyword_search ON pay_periods FOR SELECT TO hcm_search USING (true);
--> statement-breakpoint
CREATE INDEX pay_periods_keyword_idx ON pay_periods USING gin (tenant_id, code gin_trgm_ops, name gin_trgm_ops);
--> statement-breakpoint

CREATE TABLE pay_period_units (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  pay_period_id uuid NOT NULL,
  organization_unit_id uuid NOT NULL,
  ordinal smallint NOT NULL,
  CONSTRAINT pay_period_units_pkey PRIMARY KEY (tenant_id, pay_period_id, organization_unit_id),
  CONSTRAINT pay_period_units_period_fkey FOREIGN KEY (tenant_id, pay_period_id)
    REFERENCES pay_periods (tenant_id, id) ON DELETE CASCADE,
  CONSTRAINT pay_period_units_unit_fkey FOREIGN KEY (tenant_id, organization_unit_id)
    REFERENCES organization_units (tenant_id, id),
  CONSTRAINT pay_period_units_ordinal_check CHECK (ordinal >= 0)
);
--> statement-breakpoint
SELECT hcm_secure_tenant_table('pay_period_units');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON pay_period_units TO hcm_app;
--> statement-breakpoint

-- Who a computation covered, one row per worker, written at its start (PENDING) and settled per
-- chunk (OK with lines, or FAILED with the reason and no lines). The worker's code, name and unit
-- are kept as they were then: the review table pages by (unit code, worker code) on this index.
CREATE TABLE pay_period_workers (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  pay_period_id uuid NOT NULL,
  worker_id uuid NOT NULL,
  organization_unit_id uuid,
  unit_code varchar(50) NOT NULL DEFAULT '',
  unit_name varchar(200) NOT NULL DEFAULT '',
  worker_code varchar(50) NOT NULL,
  full_name varchar(200) NOT NULL,
  status varchar(8) NOT NULL DEFAULT 'PENDING',
  -- a FAILED worker: the component whose formula failed (none for a missing contract, a timesheet
  -- not locked…), the error's code and its words in both languages, and its parameters
  error_component varchar(50),
  error_code varchar(64),
  error_vi varchar(1000),
  error_en varchar(1000),
  error_params jsonb,
  -- the net contract's gross found by the net-to-gross search (HOP_DONG_NET = 1), integer đồng
  solved_gross bigint,
  computed_at timestamptz,
  CONSTRAINT pay_period_workers_pkey PRIMARY KEY (tenant_id, pay_period_id, worker_id),
  CONSTRAINT pay_period_workers_period_fkey FOREIGN KEY (tenant_id, pay_period_id)
    REFERENCES pay_periods (tenant_id, id) ON DELETE CASCADE,
  -- a worker with lines is never deleted (0050's workers_facts_guard); one who only failed goes
  CONSTRAINT pay_period_workers_worker_fkey FOREIGN KEY (tenant_id, worker_id)
    REFERENCES workers (tenant_id, id) ON DELETE CASCADE,
  CONSTRAINT pay_period_workers_status_check CHECK (status IN ('PENDING', 'OK', 'FAILED')),
  CONSTRAINT pay_period_workers_error_check CHECK ((status = 'FAILED') = (error_code IS NOT NULL))
);
--> statement-breakpoint
-- the review table's order (unit, then code) and its keyset pages
CREATE INDEX pay_period_workers_order_idx
  ON pay_period_workers (tenant_id, pay_period_id, unit_code, worker_code, worker_id);
--> statement-breakpoint
CREATE INDEX pay_period_workers_worker_idx ON pay_period_workers (tenant_id, worker_id);
--> statement-breakpoint
SELECT hcm_secure_tenant_table('pay_period_workers');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON pay_period_workers TO hcm_app;
--> statement-breakpoint

-- An INPUT component's value HR typed for one worker of one sheet, as text (a number in decimal
-- notation, a date as YYYY-MM-DD, or text): the component's type reads it. Kept when the sheet is
-- computed again; removed by giving no value.
CREATE TABLE pay_period_inputs (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  pay_period_id uuid NOT NULL,
  worker_id uuid NOT NULL,
  component_code varchar(50) NOT NULL,
  value varchar(200) NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid,
  CONSTRAINT pay_period_inputs_pkey PRIMARY KEY (tenant_id, pay_period_id, worker_id, component_code),
  CONSTRAINT pay_period_inputs_period_fkey FOREIGN KEY (tenant_id, pay_period_id)
    REFERENCES pay_periods (tenant_id, id) ON DELETE CASCADE,
  CONSTRAINT pay_period_inputs_worker_fkey FOREIGN KEY (tenant_id, worker_id)
    REFERENCES workers (tenant_id, id) ON DELETE CASCADE
);
--> statement-breakpoint
SELECT hcm_secure_tenant_table('pay_period_inputs');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON pay_period_inputs TO hcm_app;
--> statement-breakpoint

-- A sheet deleted (only while editable: the record engine refuses the rest) takes its lines with
-- it: they name it without a foreign key (bulk path).
CREATE FUNCTION hcm_delete_pay_period_lines() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_catalog AS $$
BEGIN
  DELETE FROM payroll_result_lines
   WHERE tenant_id = OLD.tenant_id AND period_month = OLD.period_month AND run_id = OLD.id;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER pay_periods_lines_cascade AFTER DELETE ON pay_periods
  FOR EACH ROW EXECUTE FUNCTION hcm_delete_pay_period_lines();

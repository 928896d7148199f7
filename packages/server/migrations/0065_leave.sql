-- 0065 leave (issue 31, docs/leave.md): the tenant's leave rules by effective date, each leave
-- type's place in the timesheet and the balance, the balance as a ledger, and the leave
-- application (Đơn xin nghỉ phép), a request document (docs/request-documents.md).

-- What a leave type is in the timesheet (the engine's absence reason: its symbol, paid or not)
-- and whether its days draw on the annual leave balance (and may take it below zero).
ALTER TABLE leave_types
  ADD COLUMN timesheet_reason varchar(24) NOT NULL DEFAULT 'UNPAID_LEAVE',
  ADD COLUMN uses_annual_balance boolean NOT NULL DEFAULT false,
  ADD COLUMN allow_negative boolean NOT NULL DEFAULT false,
  ADD CONSTRAINT leave_types_timesheet_reason_check CHECK (timesheet_reason IN ('ANNUAL_LEAVE', 'SICK',
    'CHILD_SICK', 'MATERNITY', 'WORK_ACCIDENT', 'MEETING_STUDY', 'COMPENSATORY', 'UNPAID_LEAVE',
    'STOPPED_WORK', 'LABOUR_DUTY'));
--> statement-breakpoint
-- the types already kept: the seeded codes (seed-data/om/leave-types.json) as seeded now; another
-- paid type written as paid leave (P) until HR says otherwise, an unpaid one as KL
UPDATE leave_types SET timesheet_reason = CASE code
    WHEN 'SICK_LEAVE' THEN 'SICK' WHEN 'MATERNITY_LEAVE' THEN 'MATERNITY'
    WHEN 'COMPENSATORY_LEAVE' THEN 'COMPENSATORY' WHEN 'UNPAID_LEAVE' THEN 'UNPAID_LEAVE'
    ELSE CASE WHEN paid THEN 'ANNUAL_LEAVE' ELSE 'UNPAID_LEAVE' END END,
  uses_annual_balance = (code = 'ANNUAL_LEAVE');
--> statement-breakpoint

-- The leave rules in force from a day (Labour Code 2019 art. 113–114, Decree 145/2020 art. 65–66,
-- as the tenant's data). Days are in days (numeric), the ledger's in thousandths.
CREATE TABLE tm_leave_policies (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  effective_from date NOT NULL,
  base_days numeric(4, 1) NOT NULL DEFAULT 12,
  heavy_work_days numeric(4, 1) NOT NULL DEFAULT 14,
  special_days numeric(4, 1) NOT NULL DEFAULT 16,
  seniority_step_years smallint NOT NULL DEFAULT 5,
  seniority_days_per_step numeric(4, 1) NOT NULL DEFAULT 1,
  seniority_as_of varchar(10) NOT NULL DEFAULT 'YEAR_START',
  month_counts_from numeric(2, 1) NOT NULL DEFAULT 0.5,
  rounding varchar(20) NOT NULL DEFAULT 'HALF_DAY_NEAREST',
  accrual_mode varchar(8) NOT NULL DEFAULT 'MONTHLY',
  update_day smallint NOT NULL DEFAULT 1,
  carry_over_max_days numeric(4, 1) NOT NULL DEFAULT 0,
  carry_over_expires_on varchar(5),
  description varchar(1000),
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  last_modified_at timestamptz NOT NULL DEFAULT now(),
  last_modified_by uuid,
  CONSTRAINT tm_leave_policies_pkey PRIMARY KEY (tenant_id, id),
  CONSTRAINT tm_leave_policies_days_check CHECK (base_days BETWEEN 0 AND 100 AND heavy_work_days BETWEEN 0 AND 100
    AND special_days BETWEEN 0 AND 100 AND seniority_days_per_step BETWEEN 0 AND 100
    AND carry_over_max_days BETWEEN 0 AND 100),
  CONSTRAINT tm_leave_policies_step_check CHECK (seniority_step_years BETWEEN 0 AND 50),
  CONSTRAINT tm_leave_policies_as_of_check CHECK (seniority_as_of IN ('YEAR_START', 'YEAR_END')),
  CONSTRAINT tm_leave_policies_month_check CHECK (month_counts_from IN (0, 0.5, 1)),
  CONSTRAINT tm_leave_policies_rounding_check CHECK (rounding IN ('NONE', 'HALF_DAY_NEAREST', 'HALF_DAY_DOWN',
    'WHOLE_DAY_NEAREST', 'WHOLE_DAY_DOWN')),
  CONSTRAINT tm_leave_policies_accrual_check CHECK (accrual_mode IN ('YEARLY', 'MONTHLY')),
  CONSTRAINT tm_leave_policies_update_day_check CHECK (update_day BETWEEN 1 AND 28),
  CONSTRAINT tm_leave_policies_expiry_check CHECK (carry_over_expires_on ~ '^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$'),
  CONSTRAINT tm_leave_policies_version_check CHECK (version >= 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX tm_leave_policies_effective_key ON tm_leave_policies (tenant_id, effective_from);
--> statement-breakpoint
SELECT hcm_secure_tenant_table('tm_leave_policies');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON tm_leave_policies TO hcm_app;
--> statement-breakpoint

-- The leave application: a worker away on a leave type, DAYS from–to (the rest days and holidays
-- of their calendar not counted; the first day may start at the shift's second half, the last end
-- after its first half: Thursday to Friday morning is 1.5 days) or HOURS of one day. `days` is
-- what it takes from the balance, computed by the server as the timesheet will.
CREATE TABLE tm_leave_applications (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  worker_id uuid NOT NULL,
  leave_type_id uuid NOT NULL,
  from_date date NOT NULL,
  to_date date NOT NULL,
  portion varchar(10) NOT NULL DEFAULT 'DAYS',
  start_half varchar(12) NOT NULL DEFAULT 'WHOLE',
  end_half varchar(12) NOT NULL DEFAULT 'WHOLE',
  from_time varchar(5),
  to_time varchar(5),
  days numeric(7, 3) NOT NULL DEFAULT 0,
  reason varchar(1000) NOT NULL,
  approval_status varchar(16) NOT NULL DEFAULT 'NEW',
  approved_at timestamptz,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  last_modified_at timestamptz NOT NULL DEFAULT now(),
  last_modified_by uuid,
  CONSTRAINT tm_leave_applications_pkey PRIMARY KEY (tenant_id, id),
  CONSTRAINT tm_leave_applications_worker_fkey FOREIGN KEY (tenant_id, worker_id)
    REFERENCES workers (tenant_id, id) ON DELETE CASCADE,
  CONSTRAINT tm_leave_applications_type_fkey FOREIGN KEY (tenant_id, leave_type_id)
    REFERENCES leave_types (tenant_id, id),
  CONSTRAINT tm_leave_applications_period_check CHECK (to_date >= from_date AND to_date - from_date <= 366),
  CONSTRAINT tm_leave_applications_portion_check CHECK (portion IN ('DAYS', 'HOURS')
    AND (portion = 'DAYS' OR to_date = from_date)
    AND ((portion = 'HOURS') = (from_time IS NOT NULL AND to_time IS NOT NULL))),
  CONSTRAINT tm_leave_applications_halves_check CHECK (start_half IN ('WHOLE', 'SECOND_HALF')
    AND end_half IN ('WHOLE', 'FIRST_HALF')
    AND (portion = 'DAYS' OR (start_half = 'WHOLE' AND end_half = 'WHOLE'))
    AND NOT (from_date = to_date AND start_half = 'SECOND_HALF' AND end_half = 'FIRST_HALF')),
  CONSTRAINT tm_leave_applications_time_check CHECK (from_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'
    AND to_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' AND to_time > from_time),
  CONSTRAINT tm_leave_applications_days_check CHECK (days >= 0),
  CONSTRAINT tm_leave_applications_reason_check CHECK (length(btrim(reason)) > 0),
  CONSTRAINT tm_leave_applications_approval_status_check CHECK (approval_status IN
    ('NEW', 'WAIT_APPROVE', 'IN_APPROVE', 'APPROVED', 'REJECTED', 'CANCELED')),
  CONSTRAINT tm_leave_applications_version_check CHECK (version >= 1)
);
--> statement-breakpoint
-- the timesheet engine's read: a batch's workers' approved leave overlapping its days
CREATE INDEX tm_leave_applications_in_force_idx ON tm_leave_applications (tenant_id, worker_id, from_date, to_date)
  WHERE approval_status = 'APPROVED';
--> statement-breakpoint
-- the overlap check and a worker's own list
CREATE INDEX tm_leave_applications_worker_idx ON tm_leave_applications (tenant_id, worker_id, from_date DESC);
--> statement-breakpoint
CREATE INDEX tm_leave_applications_date_idx ON tm_leave_applications (tenant_id, from_date DESC, id);
--> statement-breakpoint
SELECT hcm_secure_tenant_table('tm_leave_applications');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON tm_leave_applications TO hcm_app;
--> statement-breakpoint
GRANT SELECT ON tm_leave_applications TO hcm_search;
--> statement-breakpoint
CREATE POLICY tm_leave_applications_keyword_search ON tm_leave_applications FOR SELECT TO hcm_search
  USING (true);
--> statement-breakpoint
CREATE INDEX tm_leave_applications_keyword_idx ON tm_leave_applications
  USING gin (tenant_id, reason gin_trgm_ops);
--> statement-breakpoint

-- The annual leave balance as a ledger (docs/leave.md): each entry moves a worker's balance of a
-- year by `amount` thousandths of a day on `on_day`. Never updated: a correction is an entry.
CREATE TABLE tm_leave_ledger (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  worker_id uuid NOT NULL,
  year smallint NOT NULL,
  kind varchar(16) NOT NULL,
  on_day date NOT NULL,
  amount integer NOT NULL,
  -- the leave application a TAKEN entry (or its reversal) is of
  document_id uuid,
  reason varchar(1000),
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  CONSTRAINT tm_leave_ledger_pkey PRIMARY KEY (tenant_id, id),
  CONSTRAINT tm_leave_ledger_worker_fkey FOREIGN KEY (tenant_id, worker_id)
    REFERENCES workers (tenant_id, id) ON DELETE CASCADE,
  CONSTRAINT tm_leave_ledger_kind_check CHECK (kind IN ('ACCRUED', 'CARRIED_OVER', 'TAKEN', 'ADJUSTED',
    'EXPIRED', 'PAID_OUT')),
  -- a TAKEN entry given back (its application canceled after approval) is the one positive TAKEN,
  -- tied to its application: "taken" then shows what was really taken
  CONSTRAINT tm_leave_ledger_sign_check CHECK (CASE kind WHEN 'ACCRUED' THEN amount > 0
    WHEN 'CARRIED_OVER' THEN amount > 0 WHEN 'ADJUSTED' THEN amount <> 0
    WHEN 'TAKEN' THEN amount < 0 OR (amount > 0 AND document_id IS NOT NULL) ELSE amount < 0 END),
  CONSTRAINT tm_leave_ledger_year_check CHECK (year BETWEEN 2000 AND 2200 AND extract(year FROM on_day) BETWEEN year AND year + 1),
  CONSTRAINT tm_leave_ledger_reason_check CHECK (kind <> 'ADJUSTED' OR length(btrim(reason)) > 0)
);
--> statement-breakpoint
CREATE INDEX tm_leave_ledger_worker_idx ON tm_leave_ledger (tenant_id, worker_id, year, on_day);
--> statement-breakpoint
-- an accrual written twice (a job run again) is one entry
CREATE UNIQUE INDEX tm_leave_ledger_accrued_key ON tm_leave_ledger (tenant_id, worker_id, year, on_day)
  WHERE kind = 'ACCRUED';
--> statement-breakpoint
-- one TAKEN entry per application and year (a leave over New Year takes from both), and at most
-- one giving it back
CREATE UNIQUE INDEX tm_leave_ledger_taken_key ON tm_leave_ledger (tenant_id, document_id, year, (amount > 0))
  WHERE kind = 'TAKEN';
--> statement-breakpoint
-- one payout per worker and year
CREATE UNIQUE INDEX tm_leave_ledger_paid_out_key ON tm_leave_ledger (tenant_id, worker_id, year)
  WHERE kind = 'PAID_OUT';
--> statement-breakpoint
SELECT hcm_secure_tenant_table('tm_leave_ledger');
--> statement-breakpoint
GRANT SELECT, INSERT ON tm_leave_ledger TO hcm_app;

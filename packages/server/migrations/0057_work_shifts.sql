-- 0057 work shifts (issue 30, Timekeeping › Work shift, /tm/work-shift, permission `shift`;
-- docs/work-shifts.md).
--
-- A shift is a day's plan of work: one segment (FIXED), one band with core hours (FLEXIBLE) or
-- two segments (SPLIT, a factory's or a shop's day in two halves). Clock times are 'HH:mm' of the
-- tenant's zone; a time not after the one before it is on the next day (an overnight shift
-- belongs to the day it starts). The rules between the times (a break inside its segment,
-- windows that do not reach the next segment, at most 24 hours in all) are the server's
-- (services/tm/work-shifts/validate-shift.ts, errors in the API's envelope); the checks here are
-- what each column alone must hold. night_hours is derived by the server on each write from the
-- tenant's night window, never typed.
--
-- Each write raises the work-shift signal (NOTICE to the writing connection, NOTIFY
-- hcm_work_shifts after commit, the tenant as payload): every process forgets that tenant's kept
-- shift plans (services/tm/work-shifts/shift-plan-cache.ts), as 0054 does for the dashboard.
CREATE TABLE work_shifts (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  code varchar(50) NOT NULL,
  name varchar(200) NOT NULL,
  kind varchar(16) NOT NULL DEFAULT 'FIXED',
  start_time varchar(5) NOT NULL,
  end_time varchar(5) NOT NULL,
  second_start_time varchar(5),
  second_end_time varchar(5),
  core_start_time varchar(5),
  core_end_time varchar(5),
  check_in_from varchar(5),
  check_in_to varchar(5),
  check_out_from varchar(5),
  check_out_to varchar(5),
  second_check_in_from varchar(5),
  second_check_in_to varchar(5),
  second_check_out_from varchar(5),
  second_check_out_to varchar(5),
  required_hours numeric(5, 3) NOT NULL,
  late_tolerance_minutes smallint NOT NULL DEFAULT 0,
  early_tolerance_minutes smallint NOT NULL DEFAULT 0,
  coefficient numeric(5, 2) NOT NULL DEFAULT 1,
  working_days numeric(5, 3) NOT NULL DEFAULT 1,
  night_hours numeric(5, 3) NOT NULL DEFAULT 0,
  description varchar(1000),
  status varchar(16) NOT NULL DEFAULT 'ACTIVE',
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  last_modified_at timestamptz NOT NULL DEFAULT now(),
  last_modified_by uuid,
  CONSTRAINT work_shifts_pkey PRIMARY KEY (tenant_id, id),
  CONSTRAINT work_shifts_kind_check CHECK (kind IN ('FIXED', 'FLEXIBLE', 'SPLIT')),
  CONSTRAINT work_shifts_times_check CHECK (
    start_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' AND end_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'
    AND num_nulls(second_start_time, second_end_time) IN (0, 2)
    AND num_nulls(core_start_time, core_end_time) IN (0, 2)),
  CONSTRAINT work_shifts_split_check CHECK ((kind = 'SPLIT') = (second_start_time IS NOT NULL)),
  CONSTRAINT work_shifts_core_check CHECK ((kind = 'FLEXIBLE') = (core_start_time IS NOT NULL)),
  CONSTRAINT work_shifts_required_hours_check CHECK (required_hours > 0 AND required_hours <= 24),
  CONSTRAINT work_shifts_tolerances_check CHECK (
    late_tolerance_minutes BETWEEN 0 AND 240 AND early_tolerance_minutes BETWEEN 0 AND 240),
  -- catalogues §5.2: shift coefficient 1 to 100; working day max 99.999
  CONSTRAINT work_shifts_coefficient_check CHECK (coefficient BETWEEN 1 AND 100),
  CONSTRAINT work_shifts_working_days_check CHECK (working_days > 0 AND working_days <= 99.999),
  CONSTRAINT work_shifts_night_hours_check CHECK (night_hours >= 0 AND night_hours <= 24),
  CONSTRAINT work_shifts_status_check CHECK (status IN ('ACTIVE', 'INACTIVE')),
  CONSTRAINT work_shifts_version_check CHECK (version >= 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX work_shifts_code_key ON work_shifts (tenant_id, lower(code));
--> statement-breakpoint
CREATE INDEX work_shifts_status_idx ON work_shifts (tenant_id, status, code);
--> statement-breakpoint
SELECT hcm_secure_tenant_table('work_shifts');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON work_shifts TO hcm_app;
--> statement-breakpoint
-- the keyword search and the unique code's check (0006: a resource table opts in with these two)
GRANT SELECT ON work_shifts TO hcm_search;
--> statement-breakpoint
CREATE POLICY work_shifts_keyword_search ON work_shifts FOR SELECT TO hcm_search USING (true);
--> statement-breakpoint
CREATE INDEX work_shifts_keyword_idx ON work_shifts USING gin (tenant_id, code gin_trgm_ops, name gin_trgm_ops);
--> statement-breakpoint
-- The breaks of a shift, in the order the form gives them; each inside one segment (the server's rule).
CREATE TABLE work_shift_breaks (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  shift_id uuid NOT NULL,
  position smallint NOT NULL,
  start_time varchar(5) NOT NULL,
  end_time varchar(5) NOT NULL,
  -- null or false: an unpaid break (the form's unticked box)
  paid boolean,
  CONSTRAINT work_shift_breaks_pkey PRIMARY KEY (tenant_id, shift_id, position),
  CONSTRAINT work_shift_breaks_shift_fkey FOREIGN KEY (tenant_id, shift_id)
    REFERENCES work_shifts (tenant_id, id) ON DELETE CASCADE,
  CONSTRAINT work_shift_breaks_position_check CHECK (position BETWEEN 0 AND 9),
  CONSTRAINT work_shift_breaks_times_check CHECK (
    start_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' AND end_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')
);
--> statement-breakpoint
SELECT hcm_secure_tenant_table('work_shift_breaks');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON work_shift_breaks TO hcm_app;
--> statement-breakpoint
CREATE FUNCTION hcm_signal_work_shifts() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  tenant text := coalesce(current_setting('app.tenant_id', true), '');
BEGIN
  RAISE NOTICE 'hcm-signal:hcm_work_shifts:%', tenant;
  PERFORM pg_notify('hcm_work_shifts', tenant);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER work_shifts_signal
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON work_shifts FOR EACH STATEMENT EXECUTE FUNCTION hcm_signal_work_shifts();
--> statement-breakpoint
CREATE TRIGGER work_shift_breaks_signal
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON work_shift_breaks FOR EACH STATEMENT EXECUTE FUNCTION hcm_signal_work_shifts();

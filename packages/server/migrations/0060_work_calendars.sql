-- 0060 work calendars (issue 30 item 3, docs/work-calendars.md): Timekeeping › Shift calendar.
-- A calendar assigns work shifts to a target (a unit with or without its sub-units, a working
-- group — a unit of type TO —, a job title, or named workers) for a date range, on the weekdays
-- it claims: the same shift every such day (WEEKLY) or a cycle of slots counted from an anchor
-- date (ROTATION; a slot without a shift is a day off). Approvable through the approval engine;
-- only APPROVED calendars take effect, the more specific winning (the resolver,
-- services/tm/work-calendars). The target's columns are checked together here, so a row can
-- never say two things; the API says the same in words first (400).

CREATE TABLE tm_work_calendars (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  code varchar(50) NOT NULL,
  name varchar(200) NOT NULL,
  target_type varchar(16) NOT NULL,
  organization_unit_id uuid,
  -- false: a unit (or group) calendar reaches the units below it too
  own_unit_only boolean NOT NULL DEFAULT false,
  job_title_id uuid,
  from_date date NOT NULL,
  to_date date,
  pattern_type varchar(16) NOT NULL DEFAULT 'WEEKLY',
  work_shift_id uuid,
  rotation_unit varchar(8),
  anchor_date date,
  description varchar(1000),
  approval_status varchar(16) NOT NULL DEFAULT 'NEW',
  -- set in the approving transaction: the last tie-break but one between equal calendars
  approved_at timestamptz,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  last_modified_at timestamptz NOT NULL DEFAULT now(),
  last_modified_by uuid,
  CONSTRAINT tm_work_calendars_pkey PRIMARY KEY (tenant_id, id),
  CONSTRAINT tm_work_calendars_unit_fkey FOREIGN KEY (tenant_id, organization_unit_id)
    REFERENCES organization_units (tenant_id, id) ON DELETE RESTRICT,
  CONSTRAINT tm_work_calendars_job_title_fkey FOREIGN KEY (tenant_id, job_title_id)
    REFERENCES job_titles (tenant_id, id) ON DELETE RESTRICT,
  CONSTRAINT tm_work_calendars_shift_fkey FOREIGN KEY (tenant_id, work_shift_id)
    REFERENCES work_shifts (tenant_id, id) ON DELETE RESTRICT,
  CONSTRAINT tm_work_calendars_target_type_check CHECK (target_type IN
    ('WORKER', 'WORKING_GROUP', 'JOB_TITLE', 'UNIT')),
  CONSTRAINT tm_work_calendars_target_check CHECK (
    (target_type IN ('UNIT', 'WORKING_GROUP')) = (organization_unit_id IS NOT NULL)
    AND (target_type = 'JOB_TITLE') = (job_title_id IS NOT NULL)),
  CONSTRAINT tm_work_calendars_dates_check CHECK (to_date IS NULL OR to_date >= from_date),
  CONSTRAINT tm_work_calendars_pattern_check CHECK (
    (pattern_type = 'WEEKLY' AND work_shift_id IS NOT NULL)
    OR (pattern_type = 'ROTATION' AND rotation_unit IN ('DAY', 'WEEK') AND anchor_date IS NOT NULL)),
  CONSTRAINT tm_work_calendars_approval_status_check CHECK (approval_status IN
    ('NEW', 'WAIT_APPROVE', 'IN_APPROVE', 'APPROVED', 'REJECTED', 'CANCELED')),
  CONSTRAINT tm_work_calendars_version_check CHECK (version >= 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX tm_work_calendars_code_key ON tm_work_calendars (tenant_id, lower(code));
--> statement-breakpoint
CREATE INDEX tm_work_calendars_from_idx ON tm_work_calendars (tenant_id, from_date DESC, id);
--> statement-breakpoint
-- a shift still named by a calendar cannot be deleted (409): these find them
CREATE INDEX tm_work_calendars_shift_idx ON tm_work_calendars (tenant_id, work_shift_id)
  WHERE work_shift_id IS NOT NULL;
--> statement-breakpoint
-- the resolver's read: the tenant's approved calendars overlapping a range
CREATE INDEX tm_work_calendars_in_force_idx ON tm_work_calendars (tenant_id, from_date, to_date)
  WHERE approval_status = 'APPROVED';
--> statement-breakpoint
CREATE INDEX tm_work_calendars_unit_idx ON tm_work_calendars (tenant_id, organization_unit_id)
  WHERE organization_unit_id IS NOT NULL;
--> statement-breakpoint
CREATE INDEX tm_work_calendars_job_title_idx ON tm_work_calendars (tenant_id, job_title_id)
  WHERE job_title_id IS NOT NULL;
--> statement-breakpoint
SELECT hcm_secure_tenant_table('tm_work_calendars');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON tm_work_calendars TO hcm_app;
--> statement-breakpoint
-- the keyword search and the unique code's check (0006: a resource table opts in with these two)
GRANT SELECT ON tm_work_calendars TO hcm_search;
--> statement-breakpoint
CREATE POLICY tm_work_calendars_keyword_search ON tm_work_calendars FOR SELECT TO hcm_search USING (true);
--> statement-breakpoint
CREATE INDEX tm_work_calendars_keyword_idx ON tm_work_calendars
  USING gin (tenant_id, code gin_trgm_ops, name gin_trgm_ops);
--> statement-breakpoint

-- The workers a WORKER calendar names (a references list, in the order chosen).
CREATE TABLE tm_work_calendar_workers (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  calendar_id uuid NOT NULL,
  worker_id uuid NOT NULL,
  ordinal smallint NOT NULL,
  CONSTRAINT tm_work_calendar_workers_pkey PRIMARY KEY (tenant_id, calendar_id, worker_id),
  CONSTRAINT tm_work_calendar_workers_calendar_fkey FOREIGN KEY (tenant_id, calendar_id)
    REFERENCES tm_work_calendars (tenant_id, id) ON DELETE CASCADE,
  CONSTRAINT tm_work_calendar_workers_worker_fkey FOREIGN KEY (tenant_id, worker_id)
    REFERENCES workers (tenant_id, id) ON DELETE CASCADE,
  CONSTRAINT tm_work_calendar_workers_ordinal_check CHECK (ordinal >= 0)
);
--> statement-breakpoint
-- the resolver and the explanation look a worker's own calendars up
CREATE INDEX tm_work_calendar_workers_worker_idx ON tm_work_calendar_workers (tenant_id, worker_id);
--> statement-breakpoint
SELECT hcm_secure_tenant_table('tm_work_calendar_workers');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON tm_work_calendar_workers TO hcm_app;
--> statement-breakpoint

-- The weekdays a calendar claims (an enumSet: MON … SUN).
CREATE TABLE tm_work_calendar_weekdays (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  calendar_id uuid NOT NULL,
  weekday varchar(3) NOT NULL,
  CONSTRAINT tm_work_calendar_weekdays_pkey PRIMARY KEY (tenant_id, calendar_id, weekday),
  CONSTRAINT tm_work_calendar_weekdays_calendar_fkey FOREIGN KEY (tenant_id, calendar_id)
    REFERENCES tm_work_calendars (tenant_id, id) ON DELETE CASCADE,
  CONSTRAINT tm_work_calendar_weekdays_weekday_check CHECK (weekday IN
    ('MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'))
);
--> statement-breakpoint
SELECT hcm_secure_tenant_table('tm_work_calendar_weekdays');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON tm_work_calendar_weekdays TO hcm_app;
--> statement-breakpoint

-- A rotation's slots in order (position 0, 1, …); a slot without a shift is a day (or week) off.
CREATE TABLE tm_work_calendar_rotation (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  calendar_id uuid NOT NULL,
  position smallint NOT NULL,
  work_shift_id uuid,
  CONSTRAINT tm_work_calendar_rotation_pkey PRIMARY KEY (tenant_id, calendar_id, position),
  CONSTRAINT tm_work_calendar_rotation_calendar_fkey FOREIGN KEY (tenant_id, calendar_id)
    REFERENCES tm_work_calendars (tenant_id, id) ON DELETE CASCADE,
  -- MATCH SIMPLE: an off slot (no shift) is not checked
  CONSTRAINT tm_work_calendar_rotation_shift_fkey FOREIGN KEY (tenant_id, work_shift_id)
    REFERENCES work_shifts (tenant_id, id) ON DELETE RESTRICT,
  CONSTRAINT tm_work_calendar_rotation_position_check CHECK (position >= 0 AND position < 31)
);
--> statement-breakpoint
CREATE INDEX tm_work_calendar_rotation_shift_idx ON tm_work_calendar_rotation (tenant_id, work_shift_id)
  WHERE work_shift_id IS NOT NULL;
--> statement-breakpoint
SELECT hcm_secure_tenant_table('tm_work_calendar_rotation');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON tm_work_calendar_rotation TO hcm_app;

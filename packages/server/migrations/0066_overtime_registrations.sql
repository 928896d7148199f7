-- 0066 overtime registrations (issue 31, docs/overtime-registrations.md): Timekeeping › Documents ›
-- Overtime (Đăng ký làm thêm giờ). A worker, or HR on their behalf, registers overtime of one work
-- day from one time to another; approvable through the approval engine; refused past the caps of
-- the labour rule in force (a day, a month, a year). Once APPROVED, the timesheet engine reads it as
-- an OVERTIME adjustment of the day (a DocumentSource): never written into the day records.

-- 1. The caps are effective-dated labour rules (Timekeeping › Config › Timekeeping rules), beside
--    the overtime rates, with the statutory values as defaults: the rows every tenant already has
--    (the seeded LABOUR_CODE_2019) take them. Labour Code 2019 art. 107(2); Decree 145/2020 art. 60
--    (50 % of the day's normal hours; 12 h of normal and overtime hours a day on a weekly schedule),
--    art. 107(2)(b) (40 h a month), art. 107(3) and Decree 145 art. 61 (200 h a year; 300 h in the
--    sectors listed there, when the tenant says it is in one: listed_sector).
ALTER TABLE labour_rules
  ADD COLUMN overtime_day_percent integer NOT NULL DEFAULT 50,
  ADD COLUMN overtime_day_total_hours numeric(6, 2) NOT NULL DEFAULT 12,
  ADD COLUMN weekly_schedule boolean NOT NULL DEFAULT false,
  ADD COLUMN overtime_month_hours numeric(6, 2) NOT NULL DEFAULT 40,
  ADD COLUMN overtime_year_hours numeric(6, 2) NOT NULL DEFAULT 200,
  ADD COLUMN overtime_year_hours_listed numeric(6, 2) NOT NULL DEFAULT 300,
  ADD COLUMN listed_sector boolean NOT NULL DEFAULT false;
--> statement-breakpoint
ALTER TABLE labour_rules ADD CONSTRAINT labour_rules_overtime_caps_check CHECK (
  overtime_day_percent BETWEEN 0 AND 100
  AND overtime_day_total_hours >= 0 AND overtime_day_total_hours <= 24
  AND overtime_month_hours >= 0 AND overtime_year_hours >= 0 AND overtime_year_hours_listed >= 0);
--> statement-breakpoint

-- 2. The registrations. from_time and to_time are 'HH:mm' of the work day; a to_time at or before
--    from_time is the next morning (22:00–02:00 is four hours of the work day that starts at
--    22:00). minutes and hours follow from the two times (generated: never written by hand).
--    day_type is what the labour calendar said the day was for the worker when registered.
CREATE TABLE tm_overtime_registrations (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  worker_id uuid NOT NULL,
  work_date date NOT NULL,
  from_time varchar(5) NOT NULL,
  to_time varchar(5) NOT NULL,
  minutes integer GENERATED ALWAYS AS (
    ((substr(to_time, 1, 2)::integer * 60 + substr(to_time, 4, 2)::integer)
      - (substr(from_time, 1, 2)::integer * 60 + substr(from_time, 4, 2)::integer) + 1439) % 1440 + 1
  ) STORED,
  hours numeric(5, 2) GENERATED ALWAYS AS (round((
    ((substr(to_time, 1, 2)::integer * 60 + substr(to_time, 4, 2)::integer)
      - (substr(from_time, 1, 2)::integer * 60 + substr(from_time, 4, 2)::integer) + 1439) % 1440 + 1
  ) / 60.0, 2)) STORED,
  day_type varchar(16),
  reason varchar(1000) NOT NULL,
  approval_status varchar(16) NOT NULL DEFAULT 'NEW',
  approved_at timestamptz,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  last_modified_at timestamptz NOT NULL DEFAULT now(),
  last_modified_by uuid,
  CONSTRAINT tm_overtime_registrations_pkey PRIMARY KEY (tenant_id, id),
  CONSTRAINT tm_overtime_registrations_worker_fkey FOREIGN KEY (tenant_id, worker_id)
    REFERENCES workers (tenant_id, id) ON DELETE CASCADE,
  CONSTRAINT tm_overtime_registrations_time_check CHECK (
    from_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' AND to_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  -- the same time twice is no period (nor a whole day: the day cap is far below 24 h)
  CONSTRAINT tm_overtime_registrations_period_check CHECK (from_time <> to_time),
  CONSTRAINT tm_overtime_registrations_day_type_check CHECK (day_type IN ('WEEKDAY', 'REST_DAY', 'HOLIDAY')),
  CONSTRAINT tm_overtime_registrations_reason_check CHECK (length(btrim(reason)) > 0),
  CONSTRAINT tm_overtime_registrations_approval_status_check CHECK (approval_status IN
    ('NEW', 'WAIT_APPROVE', 'IN_APPROVE', 'APPROVED', 'REJECTED', 'CANCELED')),
  CONSTRAINT tm_overtime_registrations_version_check CHECK (version >= 1)
);
--> statement-breakpoint
-- the caps' sums (a worker's day, month, year) and the timesheet engine's read (a batch's workers'
-- approved registrations within its days)
CREATE INDEX tm_overtime_registrations_worker_idx ON tm_overtime_registrations (tenant_id, worker_id, work_date)
  INCLUDE (minutes, approval_status);
--> statement-breakpoint
CREATE INDEX tm_overtime_registrations_date_idx ON tm_overtime_registrations (tenant_id, work_date DESC, id);
--> statement-breakpoint
SELECT hcm_secure_tenant_table('tm_overtime_registrations');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON tm_overtime_registrations TO hcm_app;
--> statement-breakpoint
-- the keyword search (0006: a resource table opts in with these two)
GRANT SELECT ON tm_overtime_registrations TO hcm_search;
--> statement-breakpoint
CREATE POLICY tm_overtime_registrations_keyword_search ON tm_overtime_registrations FOR SELECT TO hcm_search
  USING (true);
--> statement-breakpoint
CREATE INDEX tm_overtime_registrations_keyword_idx ON tm_overtime_registrations
  USING gin (tenant_id, reason gin_trgm_ops);

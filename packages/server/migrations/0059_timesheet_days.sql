-- 0059 The timesheet engine's day record (issue 30 item 7, docs/timesheet-engine.md): tm_day_records
-- (0050) carries what the day computation outputs, and tm_day_recompute_keys holds the (worker,
-- day) rows waiting to be computed again.
--
-- Added columns have defaults (or are null), so rows written before, or by the bulk path's own
-- tests, stay valid. Booleans are bits of `flags` (the bulk path's COPY codecs have integers):
--   1 a segment's in is missing, 2 its out is missing, 4 core hours were missed (FLEXIBLE).
-- Units are thousandths of a work day (1000 = 1 day, 500 = ½), never floats; minutes are whole.
-- The grid of a month reads (tenant, worker, work_date) through tm_day_records_worker_idx (0050):
-- one index range per worker, 31 rows each.

ALTER TABLE tm_day_records
  -- the work calendar (assignment) that chose the shift, and the day's pay class (the labour calendar's)
  ADD COLUMN assignment_id uuid,
  ADD COLUMN day_type varchar(8) NOT NULL DEFAULT 'WEEKDAY',
  -- WORKED, LEAVE, ABSENT, INCOMPLETE, UNSCHEDULED, HOLIDAY, REST (null: not written by the engine)
  ADD COLUMN outcome varchar(12),
  ADD COLUMN scheduled_minutes integer NOT NULL DEFAULT 0,
  -- overtime by day type × day/night; overtime_minutes (0050) is their sum
  ADD COLUMN ot_weekday_day_minutes integer NOT NULL DEFAULT 0,
  ADD COLUMN ot_weekday_night_minutes integer NOT NULL DEFAULT 0,
  ADD COLUMN ot_rest_day_minutes integer NOT NULL DEFAULT 0,
  ADD COLUMN ot_rest_night_minutes integer NOT NULL DEFAULT 0,
  ADD COLUMN ot_holiday_day_minutes integer NOT NULL DEFAULT 0,
  ADD COLUMN ot_holiday_night_minutes integer NOT NULL DEFAULT 0,
  -- overtime weighted by the rules' rates: minutes at 100 % that pay it
  ADD COLUMN overtime_paid_minutes integer NOT NULL DEFAULT 0,
  ADD COLUMN work_units integer NOT NULL DEFAULT 0,
  ADD COLUMN paid_leave_units integer NOT NULL DEFAULT 0,
  ADD COLUMN unpaid_leave_units integer NOT NULL DEFAULT 0,
  ADD COLUMN paid_units integer NOT NULL DEFAULT 0,
  ADD COLUMN flags smallint NOT NULL DEFAULT 0,
  ADD COLUMN punch_count smallint NOT NULL DEFAULT 0,
  ADD COLUMN stray_punches smallint NOT NULL DEFAULT 0,
  -- the paired punches as minutes from the work day's 00:00, "478~1025;1035~" (an empty side is
  -- missing); at most 8 pairs kept (the punches themselves stay in tm_punches)
  ADD COLUMN punch_pairs varchar(200),
  -- a punch arrived for this day after its month was locked: held for review, not applied
  ADD COLUMN held_at timestamptz,
  -- HR's correction of the cell (kept when the day is computed again), its reason and who
  ADD COLUMN corrected_symbol varchar(8),
  ADD COLUMN corrected_paid_units integer,
  ADD COLUMN correction_reason varchar(500),
  ADD COLUMN corrected_by uuid,
  ADD COLUMN corrected_at timestamptz,
  -- the day computation's version that wrote the row (compute-day.ts DAY_ENGINE_VERSION)
  ADD COLUMN engine_version smallint NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE tm_day_records
  ADD CONSTRAINT tm_day_records_day_type_check CHECK (day_type IN ('WEEKDAY', 'REST_DAY', 'HOLIDAY')),
  ADD CONSTRAINT tm_day_records_outcome_check CHECK (outcome IN
    ('WORKED', 'LEAVE', 'ABSENT', 'INCOMPLETE', 'UNSCHEDULED', 'HOLIDAY', 'REST')),
  ADD CONSTRAINT tm_day_records_overtime_check CHECK (
    ot_weekday_day_minutes BETWEEN 0 AND 1440 AND ot_weekday_night_minutes BETWEEN 0 AND 1440
    AND ot_rest_day_minutes BETWEEN 0 AND 1440 AND ot_rest_night_minutes BETWEEN 0 AND 1440
    AND ot_holiday_day_minutes BETWEEN 0 AND 1440 AND ot_holiday_night_minutes BETWEEN 0 AND 1440
    AND overtime_paid_minutes BETWEEN 0 AND 10000 AND scheduled_minutes BETWEEN 0 AND 2880),
  -- a shift's day is worth at most 99.999 work days (catalogues §5.2)
  ADD CONSTRAINT tm_day_records_units_check CHECK (
    work_units BETWEEN 0 AND 99999 AND paid_leave_units BETWEEN 0 AND 99999
    AND unpaid_leave_units BETWEEN 0 AND 99999 AND paid_units BETWEEN 0 AND 99999
    AND (corrected_paid_units IS NULL OR corrected_paid_units BETWEEN 0 AND 99999)),
  ADD CONSTRAINT tm_day_records_flags_check CHECK (flags BETWEEN 0 AND 7 AND punch_count >= 0 AND stray_punches >= 0),
  -- a correction always says why and who
  ADD CONSTRAINT tm_day_records_correction_check CHECK (
    (corrected_at IS NULL AND corrected_by IS NULL AND correction_reason IS NULL
       AND corrected_symbol IS NULL AND corrected_paid_units IS NULL)
    OR (corrected_at IS NOT NULL AND correction_reason IS NOT NULL));
--> statement-breakpoint
-- the days held for review (a punch in a locked month), for HR's list
CREATE INDEX tm_day_records_held_idx ON tm_day_records (tenant_id, work_date, worker_id) WHERE held_at IS NOT NULL;
--> statement-breakpoint

-- The (worker, day) rows waiting to be computed again (timesheet/recompute-keys.ts): a punch
-- stored, a document approved. The key coalesces: a day touched by twenty punches before the job
-- runs is computed once. The job takes keys FOR UPDATE SKIP LOCKED and deletes them in the
-- transaction that writes their days, so a failed batch leaves its keys for the retry. A small
-- working table, not a fact: a tenant's deletion cascades to it; a worker's rows are dropped by
-- the job when the worker is gone (no foreign key: a key per punch batch would lock the worker).
CREATE TABLE tm_day_recompute_keys (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  work_date date NOT NULL,
  worker_id uuid NOT NULL,
  requested_at timestamptz NOT NULL DEFAULT now(),
  -- worker first: the job takes a worker's days together, in this order, by an index range
  CONSTRAINT tm_day_recompute_keys_pkey PRIMARY KEY (tenant_id, worker_id, work_date)
);
--> statement-breakpoint
SELECT hcm_secure_tenant_table('tm_day_recompute_keys');

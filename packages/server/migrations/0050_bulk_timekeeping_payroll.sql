-- 0050 the bulk data path (issue 28, docs/bulk-path.md): facts that arrive in volume go to tables
-- partitioned by month, written in batches by the engine's bulk writer (src/bulk), one action-log
-- entry per batch. Three of them now, owned by their modules:
--   tm_punches            (services/tm/tables/punches.ts): what the time clocks send
--   tm_day_records        (services/tm/tables/day-records.ts): one computed day per worker
--   payroll_result_lines  (services/payroll/tables/result-lines.ts): a run's values per worker
--
-- No foreign key to workers: a key check locks the worker row (FOR KEY SHARE) once per line, and
-- a payroll run of 400,000 lines spent more than 30 s on it (bench/bulk-path.ts). The bulk writer
-- checks a batch's workers with one query in the tenant instead (src/bulk/write-batch.ts).
--
-- Month partitions are never made by hand: hcm_ensure_month_partitions (below) makes the months
-- a batch needs before it is written, and the bulk writer calls it. Each table also has a
-- DEFAULT partition, so that a row written some other way into a month nobody made is kept,
-- never refused or lost; making that month later moves such rows into it.
--
-- Months of a timestamptz key begin at midnight in Vietnam (+07, no daylight saving since
-- 1975): a punch at 2026-02-01 03:00 local time belongs to February's partition, as its day does.

-- Row-level security for a partitioned table and each of its partitions: a query through the
-- parent is checked against the parent's policy, a query naming a partition against the
-- partition's own, so both carry the one tenant policy (hcm_secure_tenant_table, 0009).
CREATE FUNCTION hcm_secure_partition(part regclass) RETURNS void
LANGUAGE plpgsql SET search_path = public, pg_catalog AS $$
BEGIN
  PERFORM hcm_secure_tenant_table(part);
  EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %s TO hcm_app', part);
END
$$;
--> statement-breakpoint

-- Makes the month partitions of `parent` for every month in `months` (any day of the month) that
-- has none yet, and returns how many it made. SECURITY DEFINER: requests run as hcm_app, which
-- may not create tables; this is the one thing it may ask the owner to do, and only for a table
-- partitioned by RANGE on one date or timestamptz column, and a few months at a time.
-- Concurrent callers take turns per table (a transaction-scoped advisory lock, taken only when
-- a month is missing), so two batches of a new month make it once.
CREATE FUNCTION hcm_ensure_month_partitions(parent regclass, months date[]) RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_catalog AS $$
DECLARE
  bare text;
  key_column text;
  key_type text;
  default_part text;
  first_day date;
  part text;
  lower_bound text;
  upper_bound text;
  made integer := 0;
  moving boolean;
BEGIN
  SELECT c.relname, a.attname, format_type(a.atttypid, a.atttypmod)
    INTO bare, key_column, key_type
    FROM pg_class c
    JOIN pg_partitioned_table p ON p.partrelid = c.oid
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = p.partattrs[0]
   WHERE c.oid = parent AND c.relnamespace = 'public'::regnamespace
     AND p.partstrat = 'r' AND p.partnatts = 1;
  IF bare IS NULL OR key_type NOT IN ('date', 'timestamp with time zone') THEN
    RAISE EXCEPTION 'hcm_ensure_month_partitions: % is not a table partitioned by month', parent
      USING ERRCODE = '22023';
  END IF;
  IF cardinality(months) > 36 THEN
    RAISE EXCEPTION 'hcm_ensure_month_partitions: % months at once, at most 36', cardinality(months)
      USING ERRCODE = '22023';
  END IF;
  default_part := bare || '_default';
  FOR first_day IN SELECT DISTINCT date_trunc('month', m)::date FROM unnest(months) AS m WHERE m IS NOT NULL ORDER BY 1
  LOOP
    IF first_day < date '1900-01-01' OR first_day >= date '2200-01-01' THEN
      RAISE EXCEPTION 'hcm_ensure_month_partitions: % is out of range', first_day USING ERRCODE = '22008';
    END IF;
    part := bare || '_' || to_char(first_day, 'YYYY_MM');
    CONTINUE WHEN to_regclass(part) IS NOT NULL;
    PERFORM pg_advisory_xact_lock(hashtext('hcm.month-partitions'), parent::oid::integer);
    CONTINUE WHEN to_regclass(part) IS NOT NULL; -- made by the transaction we waited for
    IF key_type = 'date' THEN
      lower_bound := quote_literal(first_day::text);
      upper_bound := quote_literal((first_day + interval '1 month')::date::text);
    ELSE
      lower_bound := quote_literal(first_day::text || ' 00:00:00+07');
      upper_bound := quote_literal((first_day + interval '1 month')::date::text || ' 00:00:00+07');
    END IF;
    -- Rows of this month kept by the default partition move into the new one (PostgreSQL refuses
    -- to make a partition whose rows the default partition holds). The owner reads them past
    -- the tenant policy: lifted on the default partition for the move only.
    EXECUTE format('SELECT EXISTS (SELECT 1 FROM ONLY %I WHERE %I >= %s AND %I < %s)',
                   default_part, key_column, lower_bound, key_column, upper_bound) INTO moving;
    IF moving THEN
      EXECUTE format('ALTER TABLE %I NO FORCE ROW LEVEL SECURITY', default_part);
      EXECUTE format('CREATE TEMP TABLE hcm_partition_move ON COMMIT DROP AS SELECT * FROM %I WHERE %I >= %s AND %I < %s',
                     default_part, key_column, lower_bound, key_column, upper_bound);
      EXECUTE format('DELETE FROM %I WHERE %I >= %s AND %I < %s',
                     default_part, key_column, lower_bound, key_column, upper_bound);
    END IF;
    EXECUTE format('CREATE TABLE %I PARTITION OF %s FOR VALUES FROM (%s) TO (%s)',
                   part, parent, lower_bound, upper_bound);
    PERFORM hcm_secure_partition(part::regclass);
    IF moving THEN
      EXECUTE format('ALTER TABLE %I NO FORCE ROW LEVEL SECURITY', part);
      EXECUTE format('INSERT INTO %I SELECT * FROM hcm_partition_move', part);
      EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', part);
      EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', default_part);
      DROP TABLE hcm_partition_move;
    END IF;
    made := made + 1;
  END LOOP;
  RETURN made;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION hcm_ensure_month_partitions(regclass, date[]) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION hcm_ensure_month_partitions(regclass, date[]) TO hcm_app;
--> statement-breakpoint

-- A month-partitioned tenant table, once its parent exists: the parent secured and granted, and
-- its default partition made and secured.
CREATE FUNCTION hcm_partition_by_month(parent regclass) RETURNS void
LANGUAGE plpgsql SET search_path = public, pg_catalog AS $$
DECLARE
  bare text := (SELECT relname FROM pg_class WHERE oid = parent);
BEGIN
  PERFORM hcm_secure_partition(parent);
  EXECUTE format('CREATE TABLE %I PARTITION OF %s DEFAULT', bare || '_default', parent);
  PERFORM hcm_secure_partition((bare || '_default')::regclass);
END
$$;
--> statement-breakpoint

-- What a time clock (or an import, or a hand entry) says: this attendance code (the PIN enrolled
-- on the device) punched on this device at this moment. worker_id is filled when the code is
-- matched to an employee, later than the punch arrives. A device that sends the same lines again
-- (ZKTeco devices resend after a lost answer) stores them once: the key below, with ON CONFLICT
-- DO NOTHING in the writer. raw_line keeps the line as received, for disputes.
CREATE TABLE tm_punches (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  punched_at timestamptz NOT NULL,
  device_code varchar(50) NOT NULL,
  attendance_code varchar(50) NOT NULL,
  worker_id uuid,
  source varchar(8) NOT NULL,
  raw_line varchar(500),
  received_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT tm_punches_pkey PRIMARY KEY (tenant_id, punched_at, id),
  CONSTRAINT tm_punches_once_key UNIQUE (tenant_id, punched_at, device_code, attendance_code),
  CONSTRAINT tm_punches_source_check CHECK (source IN ('DEVICE', 'IMPORT', 'MANUAL'))
) PARTITION BY RANGE (punched_at);
--> statement-breakpoint
-- A worker's punches of a day or month (the day computation). Punches not yet matched are not in it.
CREATE INDEX tm_punches_worker_idx ON tm_punches (tenant_id, worker_id, punched_at) WHERE worker_id IS NOT NULL;
--> statement-breakpoint
SELECT hcm_partition_by_month('tm_punches');
--> statement-breakpoint

-- One computed day of one worker: the shift it was computed against, the first and last punch,
-- and the minutes that pay reads. Computing a day again replaces it (upsert on the key).
-- period_id names the timekeeping period the day was computed for (the next issue's table).
CREATE TABLE tm_day_records (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  work_date date NOT NULL,
  worker_id uuid NOT NULL,
  period_id uuid,
  shift_code varchar(50),
  first_in timestamptz,
  last_out timestamptz,
  worked_minutes integer NOT NULL DEFAULT 0,
  late_minutes integer NOT NULL DEFAULT 0,
  early_minutes integer NOT NULL DEFAULT 0,
  overtime_minutes integer NOT NULL DEFAULT 0,
  night_minutes integer NOT NULL DEFAULT 0,
  day_symbol varchar(8),
  computed_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT tm_day_records_pkey PRIMARY KEY (tenant_id, work_date, worker_id),
  CONSTRAINT tm_day_records_minutes_check CHECK (
    worked_minutes BETWEEN 0 AND 1440 AND late_minutes BETWEEN 0 AND 1440
    AND early_minutes BETWEEN 0 AND 1440 AND overtime_minutes BETWEEN 0 AND 1440
    AND night_minutes BETWEEN 0 AND 1440)
) PARTITION BY RANGE (work_date);
--> statement-breakpoint
-- a worker's days of a month (their timesheet)
CREATE INDEX tm_day_records_worker_idx ON tm_day_records (tenant_id, worker_id, work_date);
--> statement-breakpoint
SELECT hcm_partition_by_month('tm_day_records');
--> statement-breakpoint

-- A payroll run's values: one line per worker and component (basic pay, allowances, insurance,
-- tax, net…), about 40 per worker. A component is an amount (integer đồng) or a number (days,
-- hours, a rate) by its type, never both. period_month is the first day of the month the run
-- pays: the partition key (RANGE by month, like the others, so one partition function serves all).
CREATE TABLE payroll_result_lines (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  period_month date NOT NULL,
  run_id uuid NOT NULL,
  worker_id uuid NOT NULL,
  component_code varchar(50) NOT NULL,
  value_type varchar(8) NOT NULL,
  amount bigint,
  quantity numeric(18, 4),
  computed_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT payroll_result_lines_pkey PRIMARY KEY (tenant_id, period_month, run_id, worker_id, component_code),
  CONSTRAINT payroll_result_lines_month_check CHECK (extract(day FROM period_month) = 1),
  CONSTRAINT payroll_result_lines_value_check CHECK (
    (value_type = 'AMOUNT' AND amount IS NOT NULL AND quantity IS NULL)
    OR (value_type = 'NUMBER' AND quantity IS NOT NULL AND amount IS NULL))
) PARTITION BY RANGE (period_month);
--> statement-breakpoint
-- a worker's lines across runs (their payslips)
CREATE INDEX payroll_result_lines_worker_idx ON payroll_result_lines (tenant_id, worker_id, period_month);
--> statement-breakpoint
SELECT hcm_partition_by_month('payroll_result_lines');
--> statement-breakpoint

-- The facts above name their worker without a foreign key: a key checked row by row made a
-- 400,000-line payroll run time out, so the writer checks each batch's workers in one query
-- (docs/bulk-path.md). A worker who has facts is still never deleted from under them: this
-- trigger refuses it as a foreign key would (restrict_violation, which the record engine answers
-- with 409 "in use"). A tenant's deletion cascades to its workers and its facts alike and passes:
-- a cascade runs inside the referential trigger, one level down.
CREATE FUNCTION hcm_refuse_worker_with_facts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() > 1 THEN
    RETURN OLD;
  END IF;
  IF EXISTS (SELECT 1 FROM tm_punches WHERE tenant_id = OLD.tenant_id AND worker_id = OLD.id)
     OR EXISTS (SELECT 1 FROM tm_day_records WHERE tenant_id = OLD.tenant_id AND worker_id = OLD.id)
     OR EXISTS (SELECT 1 FROM payroll_result_lines WHERE tenant_id = OLD.tenant_id AND worker_id = OLD.id) THEN
    RAISE EXCEPTION 'the worker % has punches, day records or payroll lines', OLD.id
      USING ERRCODE = 'restrict_violation', CONSTRAINT = 'workers_facts_guard';
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER workers_facts_guard BEFORE DELETE ON workers
  FOR EACH ROW EXECUTE FUNCTION hcm_refuse_worker_with_facts();

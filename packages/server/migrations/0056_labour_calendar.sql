-- 0056 the labour calendar (issue 30, docs/timekeeping-calendar.md): what kind of day a date is
-- for a tenant and a unit, and the statutory figures in force that day, as effective-dated
-- tenant data.
--
-- 1. holidays (0012) becomes the yearly calendar: each row has a kind, a public holiday by
--    default (the rows before this one were all holidays, or the compensatory day of one).
-- 2. weekly_off_rules: which weekdays are rest days, whole or half, from a date, for the
--    tenant or a unit (Timekeeping › Config › Leave rules › Weekly days off).
-- 3. standard_working_days: a month's standard working days from a date, fixed or counted from
--    the calendar (… › Standard working days).
-- 4. labour_rules: normal hours, the night window and the pay rates in per cent from a date
--    (Timekeeping › Config › Timekeeping rules; Labour Code 2019, Decree 145/2020).
-- The CHECK constraints repeat the contracts' limits (shared/contracts/src/modules/labour-calendar.ts).

ALTER TABLE holidays ADD COLUMN kind varchar(32) NOT NULL DEFAULT 'PUBLIC_HOLIDAY';
--> statement-breakpoint
ALTER TABLE holidays ADD CONSTRAINT holidays_kind_check CHECK (kind IN
  ('PUBLIC_HOLIDAY', 'COMPENSATORY_DAY_OFF', 'COMPANY_DAY_OFF', 'SWAPPED_DAY_OFF', 'SWAPPED_WORKING_DAY'));
--> statement-breakpoint
-- The resolver reads a range of days by their end: (tenant, end_date) finds the rows that reach it.
CREATE INDEX holidays_end_date_idx ON holidays (tenant_id, end_date, start_date);
--> statement-breakpoint
-- The existing tenants' 2026 calendar as the product seeded it: the compensatory day of Hùng
-- Kings' day gets its kind, and the government's two swaps of 2026 are added (a working day off,
-- the Saturday worked in exchange) where the tenant still has the seeded holiday they belong to
-- and not the code. The row policy is forced even for the owner: each tenant's scope is set in
-- turn, and cleared after.
DO $$
DECLARE
  t uuid;
BEGIN
  FOR t IN SELECT id FROM tenants LOOP
    PERFORM set_config('app.tenant_id', t::text, true);
    UPDATE holidays SET kind = 'COMPENSATORY_DAY_OFF'
     WHERE tenant_id = t AND code = 'HUNG_KINGS_2026_COMP' AND start_date = '2026-04-27';
    INSERT INTO holidays (tenant_id, code, name, kind, start_date, end_date, paid, description)
    SELECT t, s.code, s.name, s.kind, s.day, s.day, true, s.description
      FROM (VALUES
        ('NEW_YEAR_2026', 'NEW_YEAR_2026_SWAP_OFF', 'Nghỉ hoán đổi Tết Dương lịch', 'SWAPPED_DAY_OFF', date '2026-01-02',
         'Thứ Sáu 02/01/2026 nghỉ, làm bù Thứ Bảy 10/01/2026 (lịch nghỉ Tết Dương lịch 2026 của công chức, viên chức).'),
        ('NEW_YEAR_2026', 'NEW_YEAR_2026_SWAP_WORK', 'Làm bù Tết Dương lịch', 'SWAPPED_WORKING_DAY', date '2026-01-10',
         'Thứ Bảy 10/01/2026 đi làm bù cho Thứ Sáu 02/01/2026.'),
        ('NATIONAL_DAY_2026', 'NATIONAL_DAY_2026_SWAP_OFF', 'Nghỉ hoán đổi Quốc khánh', 'SWAPPED_DAY_OFF', date '2026-08-31',
         'Thứ Hai 31/08/2026 nghỉ, làm bù Thứ Bảy 22/08/2026 (lịch nghỉ Quốc khánh 2026 của công chức, viên chức).'),
        ('NATIONAL_DAY_2026', 'NATIONAL_DAY_2026_SWAP_WORK', 'Làm bù Quốc khánh', 'SWAPPED_WORKING_DAY', date '2026-08-22',
         'Thứ Bảy 22/08/2026 đi làm bù cho Thứ Hai 31/08/2026.')
      ) AS s (holiday, code, name, kind, day, description)
     WHERE EXISTS (SELECT 1 FROM holidays h WHERE h.tenant_id = t AND lower(h.code) = lower(s.holiday))
       AND NOT EXISTS (SELECT 1 FROM holidays h WHERE h.tenant_id = t AND lower(h.code) = lower(s.code));
  END LOOP;
  PERFORM set_config('app.tenant_id', '', true);
END $$;
--> statement-breakpoint

CREATE TABLE weekly_off_rules (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  code varchar(50) NOT NULL,
  name varchar(200) NOT NULL,
  -- none: the whole tenant; a unit: that unit and those below it that have no rule of their own
  organization_unit_id uuid,
  effective_date date NOT NULL,
  monday varchar(16) NOT NULL,
  tuesday varchar(16) NOT NULL,
  wednesday varchar(16) NOT NULL,
  thursday varchar(16) NOT NULL,
  friday varchar(16) NOT NULL,
  saturday varchar(16) NOT NULL,
  sunday varchar(16) NOT NULL,
  note varchar(1000),
  status varchar(16) NOT NULL DEFAULT 'ACTIVE',
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  last_modified_at timestamptz NOT NULL DEFAULT now(),
  last_modified_by uuid,
  CONSTRAINT weekly_off_rules_pkey PRIMARY KEY (tenant_id, id),
  CONSTRAINT weekly_off_rules_unit_fkey FOREIGN KEY (tenant_id, organization_unit_id)
    REFERENCES organization_units (tenant_id, id) ON DELETE RESTRICT,
  CONSTRAINT weekly_off_rules_days_check CHECK (
    monday IN ('WORK', 'OFF', 'MORNING_OFF', 'AFTERNOON_OFF', 'ALTERNATE_OFF')
    AND tuesday IN ('WORK', 'OFF', 'MORNING_OFF', 'AFTERNOON_OFF', 'ALTERNATE_OFF')
    AND wednesday IN ('WORK', 'OFF', 'MORNING_OFF', 'AFTERNOON_OFF', 'ALTERNATE_OFF')
    AND thursday IN ('WORK', 'OFF', 'MORNING_OFF', 'AFTERNOON_OFF', 'ALTERNATE_OFF')
    AND friday IN ('WORK', 'OFF', 'MORNING_OFF', 'AFTERNOON_OFF', 'ALTERNATE_OFF')
    AND saturday IN ('WORK', 'OFF', 'MORNING_OFF', 'AFTERNOON_OFF', 'ALTERNATE_OFF')
    AND sunday IN ('WORK', 'OFF', 'MORNING_OFF', 'AFTERNOON_OFF', 'ALTERNATE_OFF')),
  CONSTRAINT weekly_off_rules_status_check CHECK (status IN ('ACTIVE', 'INACTIVE')),
  CONSTRAINT weekly_off_rules_version_check CHECK (version >= 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX weekly_off_rules_code_key ON weekly_off_rules (tenant_id, lower(code));
--> statement-breakpoint
-- one rule per unit (or the tenant) and date; also the resolver's read: a unit's rules by date
CREATE UNIQUE INDEX weekly_off_rules_unit_date_key
  ON weekly_off_rules (tenant_id, organization_unit_id, effective_date) NULLS NOT DISTINCT;
--> statement-breakpoint
CREATE INDEX weekly_off_rules_date_idx ON weekly_off_rules (tenant_id, effective_date DESC, id);
--> statement-breakpoint
SELECT hcm_secure_tenant_table('weekly_off_rules');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON weekly_off_rules TO hcm_app;
--> statement-breakpoint
GRANT SELECT ON weekly_off_rules TO hcm_search;
--> statement-breakpoint
CREATE POLICY weekly_off_rules_keyword_search ON weekly_off_rules FOR SELECT TO hcm_search USING (true);
--> statement-breakpoint
CREATE INDEX weekly_off_rules_keyword_idx ON weekly_off_rules USING gin (tenant_id, code gin_trgm_ops, name gin_trgm_ops);
--> statement-breakpoint

CREATE TABLE standard_working_days (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  code varchar(50) NOT NULL,
  name varchar(200) NOT NULL,
  organization_unit_id uuid,
  effective_date date NOT NULL,
  method varchar(16) NOT NULL DEFAULT 'CALENDAR',
  -- FIXED: the month's standard days; CALENDAR: none (counted)
  days numeric(5, 3),
  note varchar(1000),
  status varchar(16) NOT NULL DEFAULT 'ACTIVE',
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  last_modified_at timestamptz NOT NULL DEFAULT now(),
  last_modified_by uuid,
  CONSTRAINT standard_working_days_pkey PRIMARY KEY (tenant_id, id),
  CONSTRAINT standard_working_days_unit_fkey FOREIGN KEY (tenant_id, organization_unit_id)
    REFERENCES organization_units (tenant_id, id) ON DELETE RESTRICT,
  CONSTRAINT standard_working_days_method_check CHECK (method IN ('FIXED', 'CALENDAR')),
  CONSTRAINT standard_working_days_days_check CHECK (
    (method = 'FIXED' AND days > 0 AND days <= 31) OR (method = 'CALENDAR' AND days IS NULL)),
  CONSTRAINT standard_working_days_status_check CHECK (status IN ('ACTIVE', 'INACTIVE')),
  CONSTRAINT standard_working_days_version_check CHECK (version >= 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX standard_working_days_code_key ON standard_working_days (tenant_id, lower(code));
--> statement-breakpoint
CREATE UNIQUE INDEX standard_working_days_unit_date_key
  ON standard_working_days (tenant_id, organization_unit_id, effective_date) NULLS NOT DISTINCT;
--> statement-breakpoint
CREATE INDEX standard_working_days_date_idx ON standard_working_days (tenant_id, effective_date DESC, id);
--> statement-breakpoint
SELECT hcm_secure_tenant_table('standard_working_days');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON standard_working_days TO hcm_app;
--> statement-breakpoint
GRANT SELECT ON standard_working_days TO hcm_search;
--> statement-breakpoint
CREATE POLICY standard_working_days_keyword_search ON standard_working_days FOR SELECT TO hcm_search USING (true);
--> statement-breakpoint
CREATE INDEX standard_working_days_keyword_idx ON standard_working_days USING gin (tenant_id, code gin_trgm_ops, name gin_trgm_ops);
--> statement-breakpoint

CREATE TABLE labour_rules (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  code varchar(50) NOT NULL,
  name varchar(200) NOT NULL,
  effective_date date NOT NULL,
  normal_hours_per_day numeric(5, 3) NOT NULL,
  normal_hours_per_week numeric(5, 3) NOT NULL,
  night_start_hour integer NOT NULL,
  night_end_hour integer NOT NULL,
  -- whole per cent: 150 is 150 %
  overtime_weekday_percent integer NOT NULL,
  overtime_rest_day_percent integer NOT NULL,
  overtime_holiday_percent integer NOT NULL,
  night_work_percent integer NOT NULL,
  night_overtime_percent integer NOT NULL,
  note varchar(1000),
  status varchar(16) NOT NULL DEFAULT 'ACTIVE',
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  last_modified_at timestamptz NOT NULL DEFAULT now(),
  last_modified_by uuid,
  CONSTRAINT labour_rules_pkey PRIMARY KEY (tenant_id, id),
  CONSTRAINT labour_rules_hours_check CHECK (normal_hours_per_day > 0 AND normal_hours_per_day <= 24
    AND normal_hours_per_week >= normal_hours_per_day AND normal_hours_per_week <= 99.999),
  CONSTRAINT labour_rules_night_check CHECK (night_start_hour BETWEEN 0 AND 23
    AND night_end_hour BETWEEN 0 AND 23 AND night_start_hour <> night_end_hour),
  CONSTRAINT labour_rules_percent_check CHECK (
    overtime_weekday_percent BETWEEN 100 AND 1000 AND overtime_rest_day_percent BETWEEN 100 AND 1000
    AND overtime_holiday_percent BETWEEN 100 AND 1000 AND night_work_percent BETWEEN 0 AND 1000
    AND night_overtime_percent BETWEEN 0 AND 1000),
  CONSTRAINT labour_rules_status_check CHECK (status IN ('ACTIVE', 'INACTIVE')),
  CONSTRAINT labour_rules_version_check CHECK (version >= 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX labour_rules_code_key ON labour_rules (tenant_id, lower(code));
--> statement-breakpoint
CREATE UNIQUE INDEX labour_rules_date_key ON labour_rules (tenant_id, effective_date);
--> statement-breakpoint
SELECT hcm_secure_tenant_table('labour_rules');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON labour_rules TO hcm_app;
--> statement-breakpoint
GRANT SELECT ON labour_rules TO hcm_search;
--> statement-breakpoint
CREATE POLICY labour_rules_keyword_search ON labour_rules FOR SELECT TO hcm_search USING (true);
--> statement-breakpoint
CREATE INDEX labour_rules_keyword_idx ON labour_rules USING gin (tenant_id, code gin_trgm_ops, name gin_trgm_ops);

-- 0064 timekeeping general config (issue 30 item 7, docs/timekeeping-config.md): Timekeeping ›
-- Configuration › General config. The tenant's timesheet settings — the symbols the timesheet
-- writes (the official form's by default; many tenants write X for a worked day), how overtime is
-- counted, the window within which a worker's punches are one — as versions effective from a
-- month: a day is computed with the version in force in its month (none: the seeded settings),
-- so a month keeps the symbols it was approved with when a later version changes them.

CREATE TABLE tm_timekeeping_settings (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  effective_month varchar(7) NOT NULL,
  overtime_mode varchar(12) NOT NULL,
  overtime_minimum_minutes smallint NOT NULL DEFAULT 0,
  repeat_punch_seconds smallint NOT NULL DEFAULT 60,
  -- symbol key → symbol (null: blank); every key the version sets (the API writes them all)
  symbols jsonb NOT NULL,
  reason varchar(500) NOT NULL,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  last_modified_at timestamptz NOT NULL DEFAULT now(),
  last_modified_by uuid,
  CONSTRAINT tm_timekeeping_settings_pkey PRIMARY KEY (tenant_id, effective_month),
  CONSTRAINT tm_timekeeping_settings_month_check CHECK (effective_month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
  CONSTRAINT tm_timekeeping_settings_overtime_mode_check CHECK (overtime_mode IN ('REGISTERED', 'PUNCHED')),
  CONSTRAINT tm_timekeeping_settings_overtime_minimum_check CHECK (overtime_minimum_minutes BETWEEN 0 AND 240),
  CONSTRAINT tm_timekeeping_settings_repeat_check CHECK (repeat_punch_seconds BETWEEN 0 AND 600),
  CONSTRAINT tm_timekeeping_settings_symbols_check CHECK (jsonb_typeof(symbols) = 'object'),
  CONSTRAINT tm_timekeeping_settings_reason_check CHECK (length(btrim(reason)) > 0),
  CONSTRAINT tm_timekeeping_settings_version_check CHECK (version >= 1)
);
--> statement-breakpoint
SELECT hcm_secure_tenant_table('tm_timekeeping_settings');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON tm_timekeeping_settings TO hcm_app;

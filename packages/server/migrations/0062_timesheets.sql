-- 0062 timesheets (issue 30 item 8, docs/timesheets.md): Timekeeping › Timesheet. One row is one
-- organisation unit's month (YYYY-MM), approvable through the approval engine. An APPROVED
-- timesheet locks the month of the workers it covers — those of its unit and of the units below
-- it, except where a nearer unit has a timesheet of its own for that month — (the timesheet
-- engine's MonthLockSource, services/tm/timesheets/month-locks.ts): their days are no longer
-- computed (later punches are held for review) nor corrected (409). One timesheet per unit and
-- month, whatever its state: a second is refused (the unique index below; the API says it first).

CREATE TABLE tm_timesheets (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  code varchar(50) NOT NULL,
  name varchar(200) NOT NULL,
  organization_unit_id uuid NOT NULL,
  month varchar(7) NOT NULL,
  note varchar(1000),
  approval_status varchar(16) NOT NULL DEFAULT 'NEW',
  -- set in the approving transaction: from then on the month is locked
  approved_at timestamptz,
  -- set when HR opens an approved month again (POST …/{id}/reopen, with its reason in the action log)
  reopened_at timestamptz,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  last_modified_at timestamptz NOT NULL DEFAULT now(),
  last_modified_by uuid,
  CONSTRAINT tm_timesheets_pkey PRIMARY KEY (tenant_id, id),
  CONSTRAINT tm_timesheets_unit_fkey FOREIGN KEY (tenant_id, organization_unit_id)
    REFERENCES organization_units (tenant_id, id) ON DELETE RESTRICT,
  CONSTRAINT tm_timesheets_month_check CHECK (month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
  CONSTRAINT tm_timesheets_approval_status_check CHECK (approval_status IN
    ('NEW', 'WAIT_APPROVE', 'IN_APPROVE', 'APPROVED', 'REJECTED', 'CANCELED')),
  CONSTRAINT tm_timesheets_version_check CHECK (version >= 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX tm_timesheets_code_key ON tm_timesheets (tenant_id, lower(code));
--> statement-breakpoint
-- one per unit and month; also the lock source's look-up (the units up a worker's chain × months)
CREATE UNIQUE INDEX tm_timesheets_unit_month_key ON tm_timesheets (tenant_id, organization_unit_id, month);
--> statement-breakpoint
CREATE INDEX tm_timesheets_month_idx ON tm_timesheets (tenant_id, month DESC, id);
--> statement-breakpoint
SELECT hcm_secure_tenant_table('tm_timesheets');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON tm_timesheets TO hcm_app;
--> statement-breakpoint
-- the keyword search and the unique code's check (0006: a resource table opts in with these two)
GRANT SELECT ON tm_timesheets TO hcm_search;
--> statement-breakpoint
CREATE POLICY tm_timesheets_keyword_search ON tm_timesheets FOR SELECT TO hcm_search USING (true);
--> statement-breakpoint
CREATE INDEX tm_timesheets_keyword_idx ON tm_timesheets
  USING gin (tenant_id, code gin_trgm_ops, name gin_trgm_ops);

-- 0069 leave rules and jobs (issue 31, docs/leave.md "The leave rules", "The leave jobs"): the
-- worker's case for the year's base days, and the keys that make the carry-over and expiry jobs
-- write each entry once however often they run (as 0065's keys do for accruals and payouts).

-- A worker's case (Labour Code 2019 art. 113(1)): HEAVY 14 days (heavy, hazardous or dangerous
-- work), SPECIAL 16 (especially heavy work, minors, disabled workers). A worker with no row is
-- STANDARD (12): only the few exceptions are kept.
CREATE TABLE tm_leave_worker_cases (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  worker_id uuid NOT NULL,
  leave_case varchar(8) NOT NULL DEFAULT 'STANDARD',
  note varchar(1000),
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  last_modified_at timestamptz NOT NULL DEFAULT now(),
  last_modified_by uuid,
  CONSTRAINT tm_leave_worker_cases_pkey PRIMARY KEY (tenant_id, id),
  CONSTRAINT tm_leave_worker_cases_worker_fkey FOREIGN KEY (tenant_id, worker_id)
    REFERENCES workers (tenant_id, id) ON DELETE CASCADE,
  CONSTRAINT tm_leave_worker_cases_case_check CHECK (leave_case IN ('STANDARD', 'HEAVY', 'SPECIAL')),
  CONSTRAINT tm_leave_worker_cases_version_check CHECK (version >= 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX tm_leave_worker_cases_worker_key ON tm_leave_worker_cases (tenant_id, worker_id);
--> statement-breakpoint
SELECT hcm_secure_tenant_table('tm_leave_worker_cases');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON tm_leave_worker_cases TO hcm_app;
--> statement-breakpoint

-- one carry-over into a year and one expiry of it per worker: a job run again writes nothing
CREATE UNIQUE INDEX tm_leave_ledger_carried_key ON tm_leave_ledger (tenant_id, worker_id, year)
  WHERE kind = 'CARRIED_OVER';
--> statement-breakpoint
CREATE UNIQUE INDEX tm_leave_ledger_expired_key ON tm_leave_ledger (tenant_id, worker_id, year)
  WHERE kind = 'EXPIRED';

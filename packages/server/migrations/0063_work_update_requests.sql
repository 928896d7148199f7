-- 0063 work update requests (issue 30/31, docs/work-update-requests.md): Timekeeping › Documents ›
-- Work update suggestion (Đề nghị cập nhật công). A worker, or HR on their behalf, asks to correct
-- one work day's punches: punches to add to the day's, or to replace them with. Approvable through
-- the approval engine; only APPROVED requests change the day, and they do so as data the timesheet
-- engine reads (a DocumentSource: the PUNCHES adjustment), never as rows of tm_punches, so a
-- request canceled after approval leaves the device punches exactly as they were.

CREATE TABLE tm_work_update_requests (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  worker_id uuid NOT NULL,
  work_date date NOT NULL,
  mode varchar(8) NOT NULL DEFAULT 'ADD',
  reason varchar(1000) NOT NULL,
  approval_status varchar(16) NOT NULL DEFAULT 'NEW',
  approved_at timestamptz,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  last_modified_at timestamptz NOT NULL DEFAULT now(),
  last_modified_by uuid,
  CONSTRAINT tm_work_update_requests_pkey PRIMARY KEY (tenant_id, id),
  CONSTRAINT tm_work_update_requests_worker_fkey FOREIGN KEY (tenant_id, worker_id)
    REFERENCES workers (tenant_id, id) ON DELETE CASCADE,
  CONSTRAINT tm_work_update_requests_mode_check CHECK (mode IN ('ADD', 'REPLACE')),
  CONSTRAINT tm_work_update_requests_reason_check CHECK (length(btrim(reason)) > 0),
  CONSTRAINT tm_work_update_requests_approval_status_check CHECK (approval_status IN
    ('NEW', 'WAIT_APPROVE', 'IN_APPROVE', 'APPROVED', 'REJECTED', 'CANCELED')),
  CONSTRAINT tm_work_update_requests_version_check CHECK (version >= 1)
);
--> statement-breakpoint
-- the timesheet engine's read: a batch's workers' approved requests within its days
CREATE INDEX tm_work_update_requests_in_force_idx ON tm_work_update_requests (tenant_id, worker_id, work_date)
  WHERE approval_status = 'APPROVED';
--> statement-breakpoint
CREATE INDEX tm_work_update_requests_date_idx ON tm_work_update_requests (tenant_id, work_date DESC, id);
--> statement-breakpoint
SELECT hcm_secure_tenant_table('tm_work_update_requests');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON tm_work_update_requests TO hcm_app;
--> statement-breakpoint
-- the keyword search (0006: a resource table opts in with these two)
GRANT SELECT ON tm_work_update_requests TO hcm_search;
--> statement-breakpoint
CREATE POLICY tm_work_update_requests_keyword_search ON tm_work_update_requests FOR SELECT TO hcm_search
  USING (true);
--> statement-breakpoint
CREATE INDEX tm_work_update_requests_keyword_idx ON tm_work_update_requests
  USING gin (tenant_id, reason gin_trgm_ops);
--> statement-breakpoint

-- The punches a request asks for, in the order given: a time of the work day ('HH:mm'; next_day
-- for a night shift's checkout after midnight) and what the worker says it was (IN, OUT, or not
-- said). At most 10 (the API says so first).
CREATE TABLE tm_work_update_request_punches (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  request_id uuid NOT NULL,
  position smallint NOT NULL,
  time varchar(5) NOT NULL,
  direction varchar(3),
  next_day boolean,
  CONSTRAINT tm_work_update_request_punches_pkey PRIMARY KEY (tenant_id, request_id, position),
  CONSTRAINT tm_work_update_request_punches_request_fkey FOREIGN KEY (tenant_id, request_id)
    REFERENCES tm_work_update_requests (tenant_id, id) ON DELETE CASCADE,
  CONSTRAINT tm_work_update_request_punches_position_check CHECK (position >= 0 AND position < 10),
  CONSTRAINT tm_work_update_request_punches_time_check CHECK (time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  CONSTRAINT tm_work_update_request_punches_direction_check CHECK (direction IN ('IN', 'OUT'))
);
--> statement-breakpoint
SELECT hcm_secure_tenant_table('tm_work_update_request_punches');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON tm_work_update_request_punches TO hcm_app;

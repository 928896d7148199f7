-- 0068 shift change requests (issue 31, docs/shift-change-requests.md): Timekeeping › Documents ›
-- Change shift (Đơn đổi ca). MOVE: a worker's day moves to another work shift, or to none (a day
-- off). SWAP: worker A's shift on one day and worker B's on theirs (often the same day) are
-- exchanged. Approvable through the approval engine; only APPROVED requests change days, as data
-- the timesheet engine reads (a DocumentSource: SHIFT_CHANGE adjustments), so a request canceled
-- after approval leaves the days to the work calendars exactly as before.
--
-- current_shift_id and other_shift_id are what the work calendars gave each named worker that day
-- when the request was last saved (the server resolves them: never typed). A SWAP gives A other's
-- shift and B the current one; a MOVE gives A work_shift_id (null: a day off).

CREATE TABLE tm_shift_change_requests (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  worker_id uuid NOT NULL,
  work_date date NOT NULL,
  kind varchar(8) NOT NULL DEFAULT 'MOVE',
  work_shift_id uuid,
  other_worker_id uuid,
  other_work_date date,
  current_shift_id uuid,
  other_shift_id uuid,
  reason varchar(1000) NOT NULL,
  approval_status varchar(16) NOT NULL DEFAULT 'NEW',
  approved_at timestamptz,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  last_modified_at timestamptz NOT NULL DEFAULT now(),
  last_modified_by uuid,
  CONSTRAINT tm_shift_change_requests_pkey PRIMARY KEY (tenant_id, id),
  CONSTRAINT tm_shift_change_requests_worker_fkey FOREIGN KEY (tenant_id, worker_id)
    REFERENCES workers (tenant_id, id) ON DELETE CASCADE,
  CONSTRAINT tm_shift_change_requests_other_worker_fkey FOREIGN KEY (tenant_id, other_worker_id)
    REFERENCES workers (tenant_id, id) ON DELETE CASCADE,
  -- a shift a request names cannot be deleted from under it (the engine reads its plan)
  CONSTRAINT tm_shift_change_requests_work_shift_fkey FOREIGN KEY (tenant_id, work_shift_id)
    REFERENCES work_shifts (tenant_id, id),
  CONSTRAINT tm_shift_change_requests_current_shift_fkey FOREIGN KEY (tenant_id, current_shift_id)
    REFERENCES work_shifts (tenant_id, id),
  CONSTRAINT tm_shift_change_requests_other_shift_fkey FOREIGN KEY (tenant_id, other_shift_id)
    REFERENCES work_shifts (tenant_id, id),
  CONSTRAINT tm_shift_change_requests_kind_check CHECK (kind IN ('MOVE', 'SWAP')),
  -- a SWAP names the other worker and their day, both with a shift, and no target of its own
  CONSTRAINT tm_shift_change_requests_swap_check CHECK (
    kind <> 'SWAP' OR (other_worker_id IS NOT NULL AND other_work_date IS NOT NULL
      AND other_worker_id <> worker_id AND work_shift_id IS NULL
      AND current_shift_id IS NOT NULL AND other_shift_id IS NOT NULL)),
  CONSTRAINT tm_shift_change_requests_move_check CHECK (
    kind <> 'MOVE' OR (other_worker_id IS NULL AND other_work_date IS NULL AND other_shift_id IS NULL)),
  CONSTRAINT tm_shift_change_requests_reason_check CHECK (length(btrim(reason)) > 0),
  CONSTRAINT tm_shift_change_requests_approval_status_check CHECK (approval_status IN
    ('NEW', 'WAIT_APPROVE', 'IN_APPROVE', 'APPROVED', 'REJECTED', 'CANCELED')),
  CONSTRAINT tm_shift_change_requests_version_check CHECK (version >= 1)
);
--> statement-breakpoint
-- the timesheet engine's reads: a batch's workers' approved requests within its days, as the
-- requesting worker and as the other worker of a swap
CREATE INDEX tm_shift_change_requests_in_force_idx ON tm_shift_change_requests (tenant_id, worker_id, work_date)
  WHERE approval_status = 'APPROVED';
--> statement-breakpoint
CREATE INDEX tm_shift_change_requests_other_in_force_idx
  ON tm_shift_change_requests (tenant_id, other_worker_id, other_work_date)
  WHERE approval_status = 'APPROVED';
--> statement-breakpoint
-- a day already changed by another request (the check on save): the live requests of a worker
CREATE INDEX tm_shift_change_requests_live_idx ON tm_shift_change_requests (tenant_id, worker_id, work_date)
  WHERE approval_status NOT IN ('CANCELED', 'REJECTED');
--> statement-breakpoint
CREATE INDEX tm_shift_change_requests_other_live_idx
  ON tm_shift_change_requests (tenant_id, other_worker_id, other_work_date)
  WHERE approval_status NOT IN ('CANCELED', 'REJECTED') AND other_worker_id IS NOT NULL;
--> statement-breakpoint
CREATE INDEX tm_shift_change_requests_date_idx ON tm_shift_change_requests (tenant_id, work_date DESC, id);
--> statement-breakpoint
SELECT hcm_secure_tenant_table('tm_shift_change_requests');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON tm_shift_change_requests TO hcm_app;
--> statement-breakpoint
-- the keyword search (0006: a resource table opts in with these two)
GRANT SELECT ON tm_shift_change_requests TO hcm_search;
--> statement-breakpoint
CREATE POLICY tm_shift_change_requests_keyword_search ON tm_shift_change_requests FOR SELECT TO hcm_search
  USING (true);
--> statement-breakpoint
CREATE INDEX tm_shift_change_requests_keyword_idx ON tm_shift_change_requests
  USING gin (tenant_id, reason gin_trgm_ops);

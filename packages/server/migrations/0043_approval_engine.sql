-- 0043 the approval engine (issue 13; catalogues §3.1, §7.1). A record that goes through
-- approval keeps its status in its own approval_status column; each request for approval is a
-- workflow instance (approval_requests) holding a snapshot of its template's steps with their
-- assignees and times (approval_steps), and every transition is a line of the record's timeline
-- (approval_events). Records are named by their resource ('om/displacements') and id: one set
-- of tables serves every approvable resource, present and to come.
--
-- The labour contracts become approvable: the contracts written before approvals existed were
-- signed on paper, so they are APPROVED; a new one starts NEW.
ALTER TABLE labor_contracts ADD COLUMN approval_status varchar(16) NOT NULL DEFAULT 'APPROVED';
--> statement-breakpoint
ALTER TABLE labor_contracts ALTER COLUMN approval_status SET DEFAULT 'NEW';
--> statement-breakpoint
ALTER TABLE labor_contracts ADD CONSTRAINT labor_contracts_approval_status_check CHECK (approval_status IN
  ('NEW', 'WAIT_APPROVE', 'IN_APPROVE', 'APPROVED', 'REJECTED', 'CANCELED'));
--> statement-breakpoint
CREATE INDEX labor_contracts_approval_idx ON labor_contracts (tenant_id, approval_status);
--> statement-breakpoint
CREATE TABLE approval_requests (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  record_type varchar(100) NOT NULL,
  record_id uuid NOT NULL,
  -- the template it was made from (kept when the template is deleted later: the snapshot holds)
  workflow_template_id uuid,
  template_name varchar(200) NOT NULL,
  loop_time integer,
  notification_duration integer,
  notification_template_id uuid,
  requested_by uuid NOT NULL,
  requested_at timestamptz NOT NULL,
  -- OPEN while in approval, then how it closed
  state varchar(16) NOT NULL DEFAULT 'OPEN',
  -- the step in hand (1-based); null once closed
  current_position smallint,
  closed_at timestamptz,
  CONSTRAINT approval_requests_pkey PRIMARY KEY (tenant_id, id),
  CONSTRAINT approval_requests_state_check
    CHECK (state IN ('OPEN', 'APPROVED', 'REJECTED', 'CANCELED', 'BACK')),
  CONSTRAINT approval_requests_open_check
    CHECK ((state = 'OPEN') = (current_position IS NOT NULL AND closed_at IS NULL))
);
--> statement-breakpoint
CREATE INDEX approval_requests_record_idx ON approval_requests (tenant_id, record_type, record_id, requested_at DESC);
--> statement-breakpoint
-- at most one open request per record: two requests at once cannot both open one
CREATE UNIQUE INDEX approval_requests_open_key ON approval_requests (tenant_id, record_type, record_id)
  WHERE state = 'OPEN';
--> statement-breakpoint
SELECT hcm_secure_tenant_table('approval_requests');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON approval_requests TO hcm_app;
--> statement-breakpoint
CREATE TABLE approval_steps (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  request_id uuid NOT NULL,
  position smallint NOT NULL,
  -- the record it approves, repeated here so that "awaiting my approval" reads one index
  record_type varchar(100) NOT NULL,
  record_id uuid NOT NULL,
  name varchar(200) NOT NULL,
  assignment_type varchar(16) NOT NULL,
  assignment_id uuid,
  assignment_name varchar(200),
  assignee_user_id uuid NOT NULL,
  sla_time integer NOT NULL,
  started_at timestamptz,
  due_at timestamptz,
  acted_at timestamptz,
  acted_by uuid,
  outcome varchar(16),
  note varchar(1000),
  reminders_sent integer NOT NULL DEFAULT 0,
  -- when the next reminder is due; null when none is (not started, acted, or no more repeats)
  next_reminder_at timestamptz,
  CONSTRAINT approval_steps_pkey PRIMARY KEY (tenant_id, request_id, position),
  CONSTRAINT approval_steps_request_fkey FOREIGN KEY (tenant_id, request_id)
    REFERENCES approval_requests (tenant_id, id) ON DELETE CASCADE,
  CONSTRAINT approval_steps_outcome_check
    CHECK (outcome IS NULL OR outcome IN ('APPROVED', 'REJECTED', 'BACK', 'CANCELED')),
  CONSTRAINT approval_steps_acted_check CHECK ((outcome IS NULL) = (acted_at IS NULL))
);
--> statement-breakpoint
-- the steps waiting on someone: "awaiting my approval" and its counts
CREATE INDEX approval_steps_waiting_idx ON approval_steps (tenant_id, assignee_user_id, record_type, record_id)
  WHERE started_at IS NOT NULL AND acted_at IS NULL;
--> statement-breakpoint
SELECT hcm_secure_tenant_table('approval_steps');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON approval_steps TO hcm_app;
--> statement-breakpoint
CREATE TABLE approval_events (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  record_type varchar(100) NOT NULL,
  record_id uuid NOT NULL,
  request_id uuid,
  action varchar(32) NOT NULL,
  from_status varchar(16),
  to_status varchar(16) NOT NULL,
  step_position smallint,
  actor_id uuid,
  note varchar(1000),
  at timestamptz NOT NULL,
  CONSTRAINT approval_events_pkey PRIMARY KEY (tenant_id, id),
  CONSTRAINT approval_events_action_check CHECK (action IN
    ('CREATE_AND_REQUEST_APPROVAL', 'REQUEST_APPROVAL', 'CANCEL_APPROVAL', 'APPROVE', 'REJECT', 'BACK'))
);
--> statement-breakpoint
CREATE INDEX approval_events_record_idx ON approval_events (tenant_id, record_type, record_id, at, id);
--> statement-breakpoint
SELECT hcm_secure_tenant_table('approval_events');
--> statement-breakpoint
GRANT SELECT, INSERT ON approval_events TO hcm_app;

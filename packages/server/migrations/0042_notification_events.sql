-- 0042 notifications HR sends to an audience (catalogues §2.1 "Notification: form", core §3
-- "Notification event", issue 12), and the outbound mail log: every email written with how its
-- delivery went. The audience rows name what they target (a unit, a working group, a job title,
-- a job position, an employee) or nothing for ALL_PERSONNEL; the server resolves them to
-- accounts when the notification goes out. The jobs that send the mails and the scheduled
-- notifications live in pg-boss's own schema (hcm_jobs), created by pg-boss at start.
CREATE TABLE notification_events (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  title varchar(200) NOT NULL,
  content varchar(2000),
  event_type varchar(32) NOT NULL DEFAULT 'GENERAL',
  attached_link varchar(1000),
  send_email boolean NOT NULL DEFAULT false,
  email_template_id uuid,
  send_at timestamptz,
  send_status varchar(16) NOT NULL DEFAULT 'DRAFT',
  sent_at timestamptz,
  recipient_count integer,
  email_count integer,
  -- the pg-boss job that sends a SCHEDULED one at send_at
  job_id uuid,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  last_modified_at timestamptz NOT NULL DEFAULT now(),
  last_modified_by uuid,
  CONSTRAINT notification_events_pkey PRIMARY KEY (tenant_id, id),
  CONSTRAINT notification_events_email_template_fkey FOREIGN KEY (tenant_id, email_template_id)
    REFERENCES message_templates (tenant_id, id) ON DELETE RESTRICT,
  CONSTRAINT notification_events_send_status_check
    CHECK (send_status IN ('DRAFT', 'SCHEDULED', 'SENT', 'CANCELED')),
  CONSTRAINT notification_events_sent_check CHECK ((send_status = 'SENT') = (sent_at IS NOT NULL)),
  CONSTRAINT notification_events_version_check CHECK (version >= 1)
);
--> statement-breakpoint
CREATE INDEX notification_events_created_idx ON notification_events (tenant_id, created_at DESC, id);
--> statement-breakpoint
CREATE INDEX notification_events_title_idx ON notification_events (tenant_id, title, id);
--> statement-breakpoint
CREATE INDEX notification_events_send_at_idx ON notification_events (tenant_id, send_at, id);
--> statement-breakpoint
CREATE INDEX notification_events_keyword_idx ON notification_events USING gin (tenant_id, title gin_trgm_ops);
--> statement-breakpoint
SELECT hcm_secure_tenant_table('notification_events');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON notification_events TO hcm_app;
--> statement-breakpoint
GRANT SELECT ON notification_events TO hcm_search;
--> statement-breakpoint
CREATE POLICY notification_events_keyword_search ON notification_events FOR SELECT TO hcm_search USING (true);
--> statement-breakpoint
-- Who receives it, in the order given (position 0, 1, … up to 49).
CREATE TABLE notification_event_audiences (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  event_id uuid NOT NULL,
  position smallint NOT NULL,
  assignment_type varchar(32) NOT NULL,
  assignment_id uuid,
  assignment_name varchar(200),
  CONSTRAINT notification_event_audiences_pkey PRIMARY KEY (tenant_id, event_id, position),
  CONSTRAINT notification_event_audiences_event_fkey FOREIGN KEY (tenant_id, event_id)
    REFERENCES notification_events (tenant_id, id) ON DELETE CASCADE,
  CONSTRAINT notification_event_audiences_position_check CHECK (position BETWEEN 0 AND 49),
  CONSTRAINT notification_event_audiences_type_check CHECK (assignment_type IN
    ('ALL_PERSONNEL', 'ORGANIZATION_UNIT', 'GROUP', 'JOB_TITLE', 'JOB_POSITION', 'INDIVIDUAL')),
  CONSTRAINT notification_event_audiences_target_check
    CHECK ((assignment_type = 'ALL_PERSONNEL') = (assignment_id IS NULL))
);
--> statement-breakpoint
SELECT hcm_secure_tenant_table('notification_event_audiences');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON notification_event_audiences TO hcm_app;
--> statement-breakpoint
-- The outbound mail log: one row per email, its delivery status kept by the job that sends it
-- (PENDING, then SENT, or RETRYING after a failure and FAILED once the retries are spent).
CREATE TABLE email_deliveries (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  event_id uuid,
  user_id uuid,
  to_address varchar(254) NOT NULL,
  recipient_name varchar(200),
  subject varchar(250) NOT NULL,
  body_text varchar(20000) NOT NULL,
  status varchar(16) NOT NULL DEFAULT 'PENDING',
  attempts integer NOT NULL DEFAULT 0,
  last_error varchar(1000),
  message_id varchar(250),
  sent_at timestamptz,
  last_attempt_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT email_deliveries_pkey PRIMARY KEY (tenant_id, id),
  CONSTRAINT email_deliveries_event_fkey FOREIGN KEY (tenant_id, event_id)
    REFERENCES notification_events (tenant_id, id) ON DELETE SET NULL (event_id),
  CONSTRAINT email_deliveries_status_check
    CHECK (status IN ('PENDING', 'SENT', 'RETRYING', 'FAILED', 'CANCELED')),
  CONSTRAINT email_deliveries_sent_check CHECK ((status = 'SENT') = (sent_at IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX email_deliveries_event_idx ON email_deliveries (tenant_id, event_id, created_at, id);
--> statement-breakpoint
CREATE INDEX email_deliveries_created_idx ON email_deliveries (tenant_id, created_at DESC, id);
--> statement-breakpoint
SELECT hcm_secure_tenant_table('email_deliveries');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON email_deliveries TO hcm_app;

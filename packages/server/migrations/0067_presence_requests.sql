-- 0067 presence documents (issue 31, docs/presence-requests.md): Timekeeping › Documents ›
-- Business trip (Đơn đi công tác) and Conference (Đăng ký hội họp). The worker is away from the
-- devices but working; approvable through the approval engine; only APPROVED documents change the
-- days they cover, as data the timesheet engine reads (a DocumentSource: the PRESENCE adjustment),
-- so a document canceled after approval leaves nothing to undo but asking for its days again.

-- A trip: whole days from_date..to_date (both included, at most 366: the API says so first), or
-- the hours from_time..to_time of one day ('HH:mm', both or neither, only when the dates agree).
CREATE TABLE tm_business_trips (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  worker_id uuid NOT NULL,
  from_date date NOT NULL,
  to_date date NOT NULL,
  from_time varchar(5),
  to_time varchar(5),
  destination varchar(200) NOT NULL,
  purpose varchar(1000) NOT NULL,
  transport varchar(100),
  -- đồng, an integer (product rule: money is integer đồng)
  advance_amount integer,
  approval_status varchar(16) NOT NULL DEFAULT 'NEW',
  approved_at timestamptz,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  last_modified_at timestamptz NOT NULL DEFAULT now(),
  last_modified_by uuid,
  CONSTRAINT tm_business_trips_pkey PRIMARY KEY (tenant_id, id),
  CONSTRAINT tm_business_trips_worker_fkey FOREIGN KEY (tenant_id, worker_id)
    REFERENCES workers (tenant_id, id) ON DELETE CASCADE,
  CONSTRAINT tm_business_trips_period_check CHECK (to_date >= from_date AND to_date - from_date < 366),
  CONSTRAINT tm_business_trips_times_check CHECK (
    (from_time IS NULL AND to_time IS NULL)
    OR (from_time IS NOT NULL AND to_time IS NOT NULL AND from_date = to_date AND to_time > from_time
        AND from_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' AND to_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')),
  CONSTRAINT tm_business_trips_destination_check CHECK (length(btrim(destination)) > 0),
  CONSTRAINT tm_business_trips_purpose_check CHECK (length(btrim(purpose)) > 0),
  CONSTRAINT tm_business_trips_advance_check CHECK (advance_amount IS NULL OR advance_amount >= 0),
  CONSTRAINT tm_business_trips_approval_status_check CHECK (approval_status IN
    ('NEW', 'WAIT_APPROVE', 'IN_APPROVE', 'APPROVED', 'REJECTED', 'CANCELED')),
  CONSTRAINT tm_business_trips_version_check CHECK (version >= 1)
);
--> statement-breakpoint
-- the timesheet engine's and the troop report's read: a worker's approved trips over some days
CREATE INDEX tm_business_trips_in_force_idx ON tm_business_trips (tenant_id, worker_id, from_date, to_date)
  WHERE approval_status = 'APPROVED';
--> statement-breakpoint
-- the overlap check of a new trip: the worker's trips still alive
CREATE INDEX tm_business_trips_worker_idx ON tm_business_trips (tenant_id, worker_id, from_date)
  WHERE approval_status <> 'CANCELED';
--> statement-breakpoint
CREATE INDEX tm_business_trips_date_idx ON tm_business_trips (tenant_id, from_date DESC, id);
--> statement-breakpoint
SELECT hcm_secure_tenant_table('tm_business_trips');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON tm_business_trips TO hcm_app;
--> statement-breakpoint
-- the keyword search (0006: a resource table opts in with these two)
GRANT SELECT ON tm_business_trips TO hcm_search;
--> statement-breakpoint
CREATE POLICY tm_business_trips_keyword_search ON tm_business_trips FOR SELECT TO hcm_search
  USING (true);
--> statement-breakpoint
CREATE INDEX tm_business_trips_keyword_idx ON tm_business_trips
  USING gin (tenant_id, destination gin_trgm_ops, purpose gin_trgm_ops);
--> statement-breakpoint

-- A conference: one day, the hours from_time..to_time ('HH:mm', both or neither: the whole day).
CREATE TABLE tm_conferences (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  worker_id uuid NOT NULL,
  work_date date NOT NULL,
  from_time varchar(5),
  to_time varchar(5),
  place varchar(200) NOT NULL,
  subject varchar(1000) NOT NULL,
  approval_status varchar(16) NOT NULL DEFAULT 'NEW',
  approved_at timestamptz,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  last_modified_at timestamptz NOT NULL DEFAULT now(),
  last_modified_by uuid,
  CONSTRAINT tm_conferences_pkey PRIMARY KEY (tenant_id, id),
  CONSTRAINT tm_conferences_worker_fkey FOREIGN KEY (tenant_id, worker_id)
    REFERENCES workers (tenant_id, id) ON DELETE CASCADE,
  CONSTRAINT tm_conferences_times_check CHECK (
    (from_time IS NULL AND to_time IS NULL)
    OR (from_time IS NOT NULL AND to_time IS NOT NULL AND to_time > from_time
        AND from_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' AND to_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')),
  CONSTRAINT tm_conferences_place_check CHECK (length(btrim(place)) > 0),
  CONSTRAINT tm_conferences_subject_check CHECK (length(btrim(subject)) > 0),
  CONSTRAINT tm_conferences_approval_status_check CHECK (approval_status IN
    ('NEW', 'WAIT_APPROVE', 'IN_APPROVE', 'APPROVED', 'REJECTED', 'CANCELED')),
  CONSTRAINT tm_conferences_version_check CHECK (version >= 1)
);
--> statement-breakpoint
CREATE INDEX tm_conferences_in_force_idx ON tm_conferences (tenant_id, worker_id, work_date)
  WHERE approval_status = 'APPROVED';
--> statement-breakpoint
CREATE INDEX tm_conferences_worker_idx ON tm_conferences (tenant_id, worker_id, work_date)
  WHERE approval_status <> 'CANCELED';
--> statement-breakpoint
CREATE INDEX tm_conferences_date_idx ON tm_conferences (tenant_id, work_date DESC, id);
--> statement-breakpoint
SELECT hcm_secure_tenant_table('tm_conferences');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON tm_conferences TO hcm_app;
--> statement-breakpoint
GRANT SELECT ON tm_conferences TO hcm_search;
--> statement-breakpoint
CREATE POLICY tm_conferences_keyword_search ON tm_conferences FOR SELECT TO hcm_search
  USING (true);
--> statement-breakpoint
CREATE INDEX tm_conferences_keyword_idx ON tm_conferences
  USING gin (tenant_id, place gin_trgm_ops, subject gin_trgm_ops);

-- ---------------------------------------------------------------------------------------
-- The outbound log (http/outbound): one row per call this server makes to another system
-- (today the S3-compatible file store; later e-mail and webhooks), written in batches by the
-- recorder so that logging never slows or fails the call.
--
-- A system table with a nullable tenant_id (the tenant of the inbound request that caused the
-- call, null for calls of the system or of no request): system users (action_log.view) read
-- every row; a tenant user with action_log.view reads only the rows of its own tenant (the
-- policy below, and the query's own condition). tenant_id has no foreign key on purpose, as
-- user_id of the action log: the history outlives what it names.
--
-- The application role only reads: rows are written, and pruned after the retention
-- (90 days by default, http/outbound/outbound-log.ts), by the server's own connection.
-- URLs are stored with credentials and signature parameters removed, never a header.
-- ---------------------------------------------------------------------------------------
CREATE TABLE outbound_logs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid,
  request_id varchar(128),
  target varchar(50) NOT NULL,
  method varchar(10) NOT NULL,
  url varchar(2000) NOT NULL,
  status integer,
  duration_ms integer NOT NULL,
  bytes_sent bigint,
  bytes_received bigint,
  error varchar(1000),
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX outbound_logs_created_at_idx ON outbound_logs (created_at DESC, id);
--> statement-breakpoint
CREATE INDEX outbound_logs_tenant_idx ON outbound_logs (tenant_id, created_at DESC);
--> statement-breakpoint
ALTER TABLE outbound_logs ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE outbound_logs FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY outbound_logs_scope ON outbound_logs
  USING (
    nullif(current_setting('app.tenant_id', true), '') IS NULL
    OR tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid
  )
  WITH CHECK (nullif(current_setting('app.tenant_id', true), '') IS NULL);
--> statement-breakpoint
REVOKE INSERT, UPDATE, DELETE ON outbound_logs FROM hcm_app;

-- 0003 resource framework: the action log and the first declared resources (src/resources).

-- Keyword search (ILIKE '%...%') uses trigram GIN indexes; btree_gin lets tenant_id lead
-- them, so one index scan finds a tenant's matches. Both ship with PostgreSQL (trusted
-- extensions) and with PGlite (loaded by db/pglite.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint

-- (Until issue 8 this migration marked texticlike and lower() LEAKPROOF database-wide so that
-- keyword indexes served searches under row-level security; 0006 does it another way and
-- restores the defaults where it had run.)

-- ---------------------------------------------------------------------------------------
-- Admin categories (catalogues §2.2), declared with the resource framework in
-- src/services/om/categories. Tenant-owned: tenant_id leads the primary key and the unique
-- code (case-insensitive), row-level security as in 0002. `version` counts updates
-- (optimistic locking: POST /{id}/update names the version it read). Indexes serve the
-- default sort (priority), the sorts by code and name, each tie-broken by id for stable
-- pages, the status filter (auto-complete lists ACTIVE records by priority) and the keyword
-- search over code and name.
-- ---------------------------------------------------------------------------------------

-- Job titles (permission job_title).
CREATE TABLE job_titles (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  code varchar(50) NOT NULL,
  name varchar(200) NOT NULL,
  description varchar(1000),
  priority integer NOT NULL DEFAULT 0,
  status varchar(16) NOT NULL DEFAULT 'ACTIVE',
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  last_modified_at timestamptz NOT NULL DEFAULT now(),
  last_modified_by uuid,
  CONSTRAINT job_titles_pkey PRIMARY KEY (tenant_id, id),
  CONSTRAINT job_titles_status_check CHECK (status IN ('ACTIVE', 'INACTIVE')),
  CONSTRAINT job_titles_priority_check CHECK (priority >= 0),
  CONSTRAINT job_titles_version_check CHECK (version >= 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX job_titles_code_key ON job_titles (tenant_id, lower(code));
--> statement-breakpoint
CREATE INDEX job_titles_priority_idx ON job_titles (tenant_id, priority, id);
--> statement-breakpoint
CREATE INDEX job_titles_code_idx ON job_titles (tenant_id, code, id);
--> statement-breakpoint
CREATE INDEX job_titles_status_idx ON job_titles (tenant_id, status, priority, id);
--> statement-breakpoint
CREATE INDEX job_titles_name_idx ON job_titles (tenant_id, name, id);
--> statement-breakpoint
CREATE INDEX job_titles_keyword_idx ON job_titles USING gin (tenant_id, code gin_trgm_ops, name gin_trgm_ops);
--> statement-breakpoint
ALTER TABLE job_titles ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE job_titles FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY job_titles_tenant_isolation ON job_titles
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint

-- Ethnicities (permission ethnicity).
CREATE TABLE ethnicities (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  code varchar(50) NOT NULL,
  name varchar(200) NOT NULL,
  description varchar(1000),
  priority integer NOT NULL DEFAULT 0,
  status varchar(16) NOT NULL DEFAULT 'ACTIVE',
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  last_modified_at timestamptz NOT NULL DEFAULT now(),
  last_modified_by uuid,
  CONSTRAINT ethnicities_pkey PRIMARY KEY (tenant_id, id),
  CONSTRAINT ethnicities_status_check CHECK (status IN ('ACTIVE', 'INACTIVE')),
  CONSTRAINT ethnicities_priority_check CHECK (priority >= 0),
  CONSTRAINT ethnicities_version_check CHECK (version >= 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX ethnicities_code_key ON ethnicities (tenant_id, lower(code));
--> statement-breakpoint
CREATE INDEX ethnicities_priority_idx ON ethnicities (tenant_id, priority, id);
--> statement-breakpoint
CREATE INDEX ethnicities_code_idx ON ethnicities (tenant_id, code, id);
--> statement-breakpoint
CREATE INDEX ethnicities_status_idx ON ethnicities (tenant_id, status, priority, id);
--> statement-breakpoint
CREATE INDEX ethnicities_name_idx ON ethnicities (tenant_id, name, id);
--> statement-breakpoint
CREATE INDEX ethnicities_keyword_idx ON ethnicities USING gin (tenant_id, code gin_trgm_ops, name gin_trgm_ops);
--> statement-breakpoint
ALTER TABLE ethnicities ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE ethnicities FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY ethnicities_tenant_isolation ON ethnicities
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint

-- Religions (permission religion).
CREATE TABLE religions (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  code varchar(50) NOT NULL,
  name varchar(200) NOT NULL,
  description varchar(1000),
  priority integer NOT NULL DEFAULT 0,
  status varchar(16) NOT NULL DEFAULT 'ACTIVE',
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  last_modified_at timestamptz NOT NULL DEFAULT now(),
  last_modified_by uuid,
  CONSTRAINT religions_pkey PRIMARY KEY (tenant_id, id),
  CONSTRAINT religions_status_check CHECK (status IN ('ACTIVE', 'INACTIVE')),
  CONSTRAINT religions_priority_check CHECK (priority >= 0),
  CONSTRAINT religions_version_check CHECK (version >= 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX religions_code_key ON religions (tenant_id, lower(code));
--> statement-breakpoint
CREATE INDEX religions_priority_idx ON religions (tenant_id, priority, id);
--> statement-breakpoint
CREATE INDEX religions_code_idx ON religions (tenant_id, code, id);
--> statement-breakpoint
CREATE INDEX religions_status_idx ON religions (tenant_id, status, priority, id);
--> statement-breakpoint
CREATE INDEX religions_name_idx ON religions (tenant_id, name, id);
--> statement-breakpoint
CREATE INDEX religions_keyword_idx ON religions USING gin (tenant_id, code gin_trgm_ops, name gin_trgm_ops);
--> statement-breakpoint
ALTER TABLE religions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE religions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY religions_tenant_isolation ON religions
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint

-- ---------------------------------------------------------------------------------------
-- The action log: one row per change the resource framework makes (create, update, delete,
-- active, inactive, import), written in the same transaction as the change: who, resource,
-- record, action, the changed fields only ({"field": {"before": ..., "after": ...}}), time,
-- IP and user agent.
--
-- Two tables, like the roles of 0002: a tenant user's actions go to action_logs, which is
-- tenant-owned like every other tenant table (tenant_id leads its key, same isolation
-- policy, distributable by tenant_id); a system user's actions (no tenant) go to
-- system_action_logs, visible only in system scope (app.tenant_id empty). One table with a
-- nullable tenant_id would break the tenant-leading key rule (a key column cannot be NULL)
-- and could not be distributed by tenant_id. Each caller reads the log of its own scope.
--
-- user_id has no foreign key on purpose: the log is append-only history and must outlive
-- the users it names (a deleted user's actions stay on record).
-- ---------------------------------------------------------------------------------------
CREATE TABLE action_logs (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  user_id uuid,
  resource varchar(100) NOT NULL,
  record_id varchar(100),
  action varchar(32) NOT NULL,
  changes jsonb NOT NULL DEFAULT '{}'::jsonb,
  ip varchar(64),
  user_agent varchar(500),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT action_logs_pkey PRIMARY KEY (tenant_id, id)
);
--> statement-breakpoint
CREATE INDEX action_logs_created_at_idx ON action_logs (tenant_id, created_at DESC, id);
--> statement-breakpoint
CREATE INDEX action_logs_record_idx ON action_logs (tenant_id, resource, record_id);
--> statement-breakpoint
ALTER TABLE action_logs ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE action_logs FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY action_logs_tenant_isolation ON action_logs
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint

CREATE TABLE system_action_logs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid,
  resource varchar(100) NOT NULL,
  record_id varchar(100),
  action varchar(32) NOT NULL,
  changes jsonb NOT NULL DEFAULT '{}'::jsonb,
  ip varchar(64),
  user_agent varchar(500),
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX system_action_logs_created_at_idx ON system_action_logs (created_at DESC, id);
--> statement-breakpoint
CREATE INDEX system_action_logs_record_idx ON system_action_logs (resource, record_id);
--> statement-breakpoint
ALTER TABLE system_action_logs ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE system_action_logs FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY system_action_logs_system_only ON system_action_logs
  USING (nullif(current_setting('app.tenant_id', true), '') IS NULL)
  WITH CHECK (nullif(current_setting('app.tenant_id', true), '') IS NULL);

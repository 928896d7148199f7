-- Files (issue 10, catalogues §3 "File record", §7.6): the records of uploaded files. The bytes
-- live in the file store (local disk or an S3-compatible bucket, services/storage), this table
-- says whose they are. tenant_id is null for the system's own files, so the table cannot use
-- hcm_secure_tenant_table (NOT NULL tenant_id): one hand-written policy that lets a tenant's
-- scope see its rows and the system scope (app.tenant_id empty) only the system's.
CREATE TABLE files (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid REFERENCES tenants (id) ON DELETE CASCADE,
  original_name varchar(255) NOT NULL,
  file_name varchar(255) NOT NULL,
  storage_key varchar(500) NOT NULL,
  hashed char(64) NOT NULL,
  owner_id varchar(100),
  owner_type varchar(50) NOT NULL,
  version integer NOT NULL DEFAULT 1,
  size bigint NOT NULL CHECK (size >= 0),
  type varchar(150) NOT NULL,
  deleted boolean NOT NULL DEFAULT false,
  is_public boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  deleted_at timestamptz,
  deleted_by uuid
);
--> statement-breakpoint
CREATE INDEX files_created_at_idx ON files (tenant_id, created_at DESC, id);
--> statement-breakpoint
CREATE INDEX files_owner_idx ON files (tenant_id, owner_type, owner_id, original_name);
--> statement-breakpoint
CREATE INDEX files_hash_idx ON files (tenant_id, hashed);
--> statement-breakpoint
ALTER TABLE files ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE files FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY files_tenant_isolation ON files
  USING (tenant_id IS NOT DISTINCT FROM nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id IS NOT DISTINCT FROM nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON files TO hcm_app;

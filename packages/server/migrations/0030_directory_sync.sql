-- 0030 users from the organisation's directory (catalogues §7.4 "POST sync from directory", §7.2
-- directory login): services/iam/directory.

-- A tenant's directory settings: one JSON document checked by the server's schema (@hcm/contracts
-- DirectorySettingsBody, without the bind password) and the outcome of its last sync.
CREATE TABLE directory_settings (
  tenant_id uuid PRIMARY KEY REFERENCES tenants (id) ON DELETE CASCADE,
  settings jsonb NOT NULL,
  last_sync jsonb,
  version integer NOT NULL DEFAULT 1,
  last_modified_at timestamptz NOT NULL DEFAULT now(),
  last_modified_by uuid
);
--> statement-breakpoint
SELECT hcm_secure_tenant_table('directory_settings');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON directory_settings TO hcm_app;
--> statement-breakpoint

-- The password the server binds with to read the directory. It must be sent to the directory,
-- so it cannot be hashed: like the JWT signing key (server_secrets) it is kept out of the
-- application role's reach, read and written by the owner connection only, and never answered.
CREATE TABLE directory_bind_secrets (
  tenant_id uuid PRIMARY KEY REFERENCES tenants (id) ON DELETE CASCADE,
  password text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
REVOKE ALL ON directory_bind_secrets FROM hcm_app;
--> statement-breakpoint

-- The directory entry a user was made from: such a user signs in with the directory's password
-- (a bind as this DN) and is kept by the sync; NULL for the portal's own users.
ALTER TABLE users ADD COLUMN directory_dn varchar(1000);

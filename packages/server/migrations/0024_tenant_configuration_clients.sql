-- 0024 System › Configuration (tenant settings and the system defaults) and System › Client
-- (API clients of a tenant). services/system/configuration, services/iam/clients.

-- The system defaults: one row (id 1), read by every scope (a tenant without settings of its
-- own reads them), written by system users only (hcm_secure_shared_table, 0016). The settings
-- are one JSON document checked by the server's schema (@hcm/contracts ConfigurationBody).
CREATE TABLE system_configuration (
  id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  settings jsonb NOT NULL,
  version integer NOT NULL DEFAULT 1,
  last_modified_at timestamptz NOT NULL DEFAULT now(),
  last_modified_by uuid
);
--> statement-breakpoint
SELECT hcm_secure_shared_table('system_configuration');
--> statement-breakpoint

-- A tenant's own settings: at most one row per tenant; none means the system defaults.
CREATE TABLE tenant_configurations (
  tenant_id uuid PRIMARY KEY REFERENCES tenants (id) ON DELETE CASCADE,
  settings jsonb NOT NULL,
  version integer NOT NULL DEFAULT 1,
  last_modified_at timestamptz NOT NULL DEFAULT now(),
  last_modified_by uuid
);
--> statement-breakpoint
SELECT hcm_secure_tenant_table('tenant_configurations');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON tenant_configurations TO hcm_app;
--> statement-breakpoint

-- A tenant's API clients. No secret here: the application role reads and writes these rows
-- under the tenant policy. secret_generation is the `sid` of the client's access tokens: a
-- rotation or a revocation changes or ends it, so every token issued before is refused at
-- its next request (services/iam/clients/load-client-actor.ts).
CREATE TABLE api_clients (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  client_id varchar(64) NOT NULL,
  name varchar(200) NOT NULL,
  description varchar(1000),
  scopes text[] NOT NULL DEFAULT '{}',
  status varchar(16) NOT NULL DEFAULT 'ACTIVE',
  expires_on date,
  last_used_at timestamptz,
  secret_generation uuid NOT NULL,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  last_modified_at timestamptz NOT NULL DEFAULT now(),
  last_modified_by uuid,
  CONSTRAINT api_clients_pkey PRIMARY KEY (tenant_id, id)
);
--> statement-breakpoint
CREATE UNIQUE INDEX api_clients_client_id_key ON api_clients (client_id);
--> statement-breakpoint
CREATE INDEX api_clients_created_at_idx ON api_clients (tenant_id, created_at DESC, id);
--> statement-breakpoint
SELECT hcm_secure_tenant_table('api_clients');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON api_clients TO hcm_app;
--> statement-breakpoint

-- The secrets, as SHA-256 of 32 random bytes (no password: a hash is enough), keyed by the
-- public client id so the token endpoint finds the tenant before any tenant is set. Like
-- refresh_tokens (0006), out of the application role's reach: only the owner connection
-- (token endpoint, create and rotate) touches it.
CREATE TABLE api_client_secrets (
  client_id varchar(64) PRIMARY KEY,
  tenant_id uuid NOT NULL,
  api_client_id uuid NOT NULL,
  secret_hash varchar(64) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT api_client_secrets_client_fkey FOREIGN KEY (tenant_id, api_client_id)
    REFERENCES api_clients (tenant_id, id) ON DELETE CASCADE
);
--> statement-breakpoint
REVOKE ALL ON api_client_secrets FROM hcm_app;
--> statement-breakpoint

-- The tenants' built-in administrator roles hold every tenant permission (seed-initial-data.ts),
-- and their grants cannot be edited: give the existing ones the two resources tenants reach from
-- now on (client, and configuration, which was the system users' alone). One tenant at a time,
-- app.tenant_id set, so the forced tenant policies of roles and role_permissions hold.
DO $$
DECLARE
  tenant uuid;
BEGIN
  FOR tenant IN SELECT id FROM tenants LOOP
    PERFORM set_config('app.tenant_id', tenant::text, true);
    INSERT INTO role_permissions (tenant_id, role_id, permission)
    SELECT r.tenant_id, r.id, granted.permission
    FROM roles r
    CROSS JOIN unnest(ARRAY[
      'client.view', 'client.create', 'client.update', 'client.delete', 'client.export',
      'configuration.view', 'configuration.create', 'configuration.update', 'configuration.delete',
      'configuration.export'
    ]) AS granted (permission)
    WHERE r.tenant_id = tenant AND r.built_in
    ON CONFLICT DO NOTHING;
  END LOOP;
  PERFORM set_config('app.tenant_id', '', true);
END
$$;

-- 0002 tenancy and access: the application role that row-level security applies to, then
-- roles, permissions and service packs.

-- The role every request's transaction switches to (SET LOCAL ROLE hcm_app). It owns no
-- table, so FORCE ROW LEVEL SECURITY policies always apply to it, on PGlite (whose session
-- user is a superuser) and on a PostgreSQL server alike. Roles are cluster-wide: create it
-- only when another database of the same server has not already.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'hcm_app') THEN
    CREATE ROLE hcm_app NOLOGIN;
  END IF;
END
$$;
--> statement-breakpoint
-- The owner must be able to SET ROLE hcm_app. A superuser (PGlite, the usual test server) already
-- can; an owner that is not one needs the membership (since PostgreSQL 16 creating a role does
-- not give its creator SET on it).
DO $$
BEGIN
  IF NOT pg_has_role(current_user, 'hcm_app', 'MEMBER') THEN
    EXECUTE format('GRANT hcm_app TO %I', current_user);
  END IF;
END
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO hcm_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO hcm_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO hcm_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO hcm_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO hcm_app;
--> statement-breakpoint

-- ---------------------------------------------------------------------------------------
-- Tenant-owned tables. Each one: tenant_id leads the primary key, every unique constraint and
-- every foreign key to another tenant table (composite keys), so no row can point at another
-- tenant's row and the schema distributes by tenant_id (Citus) unchanged. Each gets the same
-- row-level security: ENABLE + FORCE + one policy <table>_tenant_isolation comparing tenant_id
-- with app.tenant_id (set LOCAL by inScope, db/tenant-scope.ts).
-- ---------------------------------------------------------------------------------------

-- Tenant roles: named sets of permission codes given to the tenant's users.
CREATE TABLE roles (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  code varchar(50) NOT NULL,
  name varchar(200) NOT NULL,
  description varchar(1000),
  status varchar(16) NOT NULL DEFAULT 'ACTIVE',
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  last_modified_at timestamptz NOT NULL DEFAULT now(),
  last_modified_by uuid,
  version integer NOT NULL DEFAULT 1,
  CONSTRAINT roles_pkey PRIMARY KEY (tenant_id, id),
  CONSTRAINT roles_status_check CHECK (status IN ('ACTIVE', 'INACTIVE'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX roles_code_key ON roles (tenant_id, lower(code));
--> statement-breakpoint
ALTER TABLE roles ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE roles FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY roles_tenant_isolation ON roles
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint

-- The permission codes (`resource.action`, @hcm/contracts permissions.ts) a role grants.
CREATE TABLE role_permissions (
  tenant_id uuid NOT NULL,
  role_id uuid NOT NULL,
  permission varchar(100) NOT NULL,
  CONSTRAINT role_permissions_pkey PRIMARY KEY (tenant_id, role_id, permission),
  CONSTRAINT role_permissions_role_fkey FOREIGN KEY (tenant_id, role_id)
    REFERENCES roles (tenant_id, id) ON DELETE CASCADE
);
--> statement-breakpoint
ALTER TABLE role_permissions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE role_permissions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY role_permissions_tenant_isolation ON role_permissions
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint

-- The roles of a tenant user. users spans tenants (id alone is its key), so the composite
-- foreign key to users needs a unique (tenant_id, id) there.
CREATE UNIQUE INDEX users_tenant_id_id_key ON users (tenant_id, id);
--> statement-breakpoint
CREATE TABLE user_roles (
  tenant_id uuid NOT NULL,
  user_id uuid NOT NULL,
  role_id uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  CONSTRAINT user_roles_pkey PRIMARY KEY (tenant_id, user_id, role_id),
  CONSTRAINT user_roles_user_fkey FOREIGN KEY (tenant_id, user_id)
    REFERENCES users (tenant_id, id) ON DELETE CASCADE,
  CONSTRAINT user_roles_role_fkey FOREIGN KEY (tenant_id, role_id)
    REFERENCES roles (tenant_id, id) ON DELETE CASCADE
);
--> statement-breakpoint
CREATE INDEX user_roles_role_idx ON user_roles (tenant_id, role_id);
--> statement-breakpoint
ALTER TABLE user_roles ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE user_roles FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY user_roles_tenant_isolation ON user_roles
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint

-- ---------------------------------------------------------------------------------------
-- System roles: what non-root system users (no tenant) may do. Kept apart from the tenant
-- roles because a tenant table cannot hold rows without a tenant under its tenant-leading
-- keys. Row-level security shows them only in system scope (app.tenant_id empty): a tenant
-- user's transaction sees none.
-- ---------------------------------------------------------------------------------------
CREATE TABLE system_roles (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  code varchar(50) NOT NULL,
  name varchar(200) NOT NULL,
  description varchar(1000),
  status varchar(16) NOT NULL DEFAULT 'ACTIVE',
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  last_modified_at timestamptz NOT NULL DEFAULT now(),
  last_modified_by uuid,
  version integer NOT NULL DEFAULT 1,
  CONSTRAINT system_roles_status_check CHECK (status IN ('ACTIVE', 'INACTIVE'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX system_roles_code_key ON system_roles (lower(code));
--> statement-breakpoint
CREATE TABLE system_role_permissions (
  role_id uuid NOT NULL REFERENCES system_roles (id) ON DELETE CASCADE,
  permission varchar(100) NOT NULL,
  CONSTRAINT system_role_permissions_pkey PRIMARY KEY (role_id, permission)
);
--> statement-breakpoint
CREATE TABLE system_user_roles (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role_id uuid NOT NULL REFERENCES system_roles (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  CONSTRAINT system_user_roles_pkey PRIMARY KEY (user_id, role_id)
);
--> statement-breakpoint
CREATE INDEX system_user_roles_role_idx ON system_user_roles (role_id);
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['system_roles', 'system_role_permissions', 'system_user_roles'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY %I ON %I USING (nullif(current_setting(''app.tenant_id'', true), '''') IS NULL) '
      'WITH CHECK (nullif(current_setting(''app.tenant_id'', true), '''') IS NULL)',
      t || '_system_only', t);
  END LOOP;
END
$$;
--> statement-breakpoint

-- ---------------------------------------------------------------------------------------
-- users spans tenants. Sign-in, refresh and seeding look users up as the owner before any
-- tenant is known, so row-level security is ENABLEd but deliberately not FORCEd here: the
-- owner stays unconfined (also when it is not a superuser), while inside inScope the
-- application role sees only the users of its tenant, and system scope (app.tenant_id empty)
-- only the system users.
-- ---------------------------------------------------------------------------------------
ALTER TABLE users ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY users_tenant_isolation ON users
  USING (tenant_id IS NOT DISTINCT FROM nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id IS NOT DISTINCT FROM nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint

-- ---------------------------------------------------------------------------------------
-- Service packs and licences (catalogues §3): global tables administered by system users.
-- A tenant's current subscription names a pack; the pack's privileges name the application
-- modules it unlocks. Row-level security: everyone reads the packs, only system scope
-- (app.tenant_id empty) writes them; a tenant scope reads only its own subscriptions.
-- ---------------------------------------------------------------------------------------
CREATE TABLE service_packs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  code varchar(50) NOT NULL,
  name varchar(200) NOT NULL,
  -- VND, whole dong; numeric, never a binary float
  price numeric(15, 0) NOT NULL DEFAULT 0,
  -- months
  duration integer NOT NULL,
  description varchar(1000),
  status varchar(16) NOT NULL DEFAULT 'ACTIVE',
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  last_modified_at timestamptz NOT NULL DEFAULT now(),
  last_modified_by uuid,
  version integer NOT NULL DEFAULT 1,
  CONSTRAINT service_packs_status_check CHECK (status IN ('ACTIVE', 'INACTIVE')),
  CONSTRAINT service_packs_price_check CHECK (price >= 0),
  CONSTRAINT service_packs_duration_check CHECK (duration > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX service_packs_code_key ON service_packs (lower(code));
--> statement-breakpoint
CREATE TABLE service_pack_privileges (
  service_pack_id uuid NOT NULL REFERENCES service_packs (id) ON DELETE CASCADE,
  module varchar(16) NOT NULL,
  CONSTRAINT service_pack_privileges_pkey PRIMARY KEY (service_pack_id, module),
  CONSTRAINT service_pack_privileges_module_check
    CHECK (module IN ('MM', 'TALENT', 'OM', 'TM', 'PM', 'SS', 'WORK_SPACE', 'SYSTEM', 'SETTING', 'LOCAL'))
);
--> statement-breakpoint
CREATE TABLE tenant_subscriptions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  service_pack_id uuid NOT NULL REFERENCES service_packs (id) ON DELETE RESTRICT,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  last_modified_at timestamptz NOT NULL DEFAULT now(),
  last_modified_by uuid,
  version integer NOT NULL DEFAULT 1,
  CONSTRAINT tenant_subscriptions_period_check CHECK (ends_at > starts_at)
);
--> statement-breakpoint
CREATE INDEX tenant_subscriptions_tenant_idx ON tenant_subscriptions (tenant_id, ends_at);
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['service_packs', 'service_pack_privileges', 'tenant_subscriptions'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY %I ON %I FOR ALL USING (nullif(current_setting(''app.tenant_id'', true), '''') IS NULL) '
      'WITH CHECK (nullif(current_setting(''app.tenant_id'', true), '''') IS NULL)',
      t || '_system_writes', t);
  END LOOP;
END
$$;
--> statement-breakpoint
CREATE POLICY service_packs_read ON service_packs FOR SELECT USING (true);
--> statement-breakpoint
CREATE POLICY service_pack_privileges_read ON service_pack_privileges FOR SELECT USING (true);
--> statement-breakpoint
CREATE POLICY tenant_subscriptions_read_own ON tenant_subscriptions FOR SELECT
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint

-- tenants, the root of tenancy, is global too: a tenant scope reads only its own row, system
-- scope (and the owner before any tenant is known, e.g. sign-in) reads all, and only system
-- scope writes.
ALTER TABLE tenants ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE tenants FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenants_system_writes ON tenants FOR ALL
  USING (nullif(current_setting('app.tenant_id', true), '') IS NULL)
  WITH CHECK (nullif(current_setting('app.tenant_id', true), '') IS NULL);
--> statement-breakpoint
CREATE POLICY tenants_read_own ON tenants FOR SELECT
  USING (id = nullif(current_setting('app.tenant_id', true), '')::uuid);

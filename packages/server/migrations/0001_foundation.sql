-- 0001 foundation: tenants, users, refresh tokens and server secrets.
-- Hand-written; runs unchanged on PGlite and PostgreSQL. drizzle's migrator runs each
-- statement separately (PGlite's extended protocol takes one statement per call), hence the
-- breakpoint markers. Never edit an applied migration: add the next file instead.

-- Tenants are the unit of isolation. This table is the root of tenancy, not tenant-owned:
-- it stays readable by the application role when row-level security arrives.
CREATE TABLE tenants (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  code varchar(50) NOT NULL,
  name varchar(200) NOT NULL,
  status varchar(16) NOT NULL DEFAULT 'ACTIVE',
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  last_modified_at timestamptz NOT NULL DEFAULT now(),
  last_modified_by uuid,
  CONSTRAINT tenants_status_check CHECK (status IN ('ACTIVE', 'INACTIVE'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX tenants_code_key ON tenants (lower(code));
--> statement-breakpoint

-- Users span tenants: system users have no tenant, and sign-in has no tenant field, so the
-- user name is unique across the whole system regardless of case.
CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid REFERENCES tenants (id) ON DELETE RESTRICT,
  username varchar(100) NOT NULL,
  full_name varchar(200) NOT NULL,
  email varchar(50),
  -- NULL for accounts that never sign in with a password (directory or SSO users later).
  password_hash text,
  is_root boolean NOT NULL DEFAULT false,
  user_level varchar(16) NOT NULL,
  account_type varchar(16) NOT NULL DEFAULT 'EMPLOYEE',
  language varchar(2) NOT NULL DEFAULT 'vi',
  status varchar(16) NOT NULL DEFAULT 'ACTIVE',
  failed_login_attempts integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  last_login_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  last_modified_at timestamptz NOT NULL DEFAULT now(),
  last_modified_by uuid,
  CONSTRAINT users_status_check CHECK (status IN ('ACTIVE', 'INACTIVE')),
  CONSTRAINT users_user_level_check CHECK (user_level IN ('SYSTEM', 'TENANT')),
  CONSTRAINT users_account_type_check CHECK (account_type IN ('CUSTOMER', 'EMPLOYEE', 'VENDOR', 'TENANT', 'INTERNAL')),
  CONSTRAINT users_language_check CHECK (language IN ('vi', 'en')),
  -- A system user has no tenant and a tenant user always has one.
  CONSTRAINT users_level_matches_tenant CHECK ((user_level = 'SYSTEM') = (tenant_id IS NULL)),
  CONSTRAINT users_root_is_system CHECK (NOT is_root OR user_level = 'SYSTEM')
);
--> statement-breakpoint
CREATE UNIQUE INDEX users_username_key ON users (lower(username));
--> statement-breakpoint
CREATE INDEX users_tenant_id_idx ON users (tenant_id);
--> statement-breakpoint

-- One row per issued refresh token. Rotation links a token to its successor (replaced_by);
-- all tokens of one sign-in share family_id, so reuse of a rotated token revokes the family.
-- Only SHA-256 hashes of the opaque token and of the secret key are stored.
CREATE TABLE refresh_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  tenant_id uuid REFERENCES tenants (id) ON DELETE CASCADE,
  family_id uuid NOT NULL,
  token_hash varchar(64) NOT NULL,
  secret_key_hash varchar(64) NOT NULL,
  remember_me boolean NOT NULL DEFAULT false,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  replaced_by uuid REFERENCES refresh_tokens (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX refresh_tokens_token_hash_key ON refresh_tokens (token_hash);
--> statement-breakpoint
CREATE INDEX refresh_tokens_family_id_idx ON refresh_tokens (family_id);
--> statement-breakpoint
CREATE INDEX refresh_tokens_user_id_idx ON refresh_tokens (user_id);
--> statement-breakpoint
CREATE INDEX refresh_tokens_expires_at_idx ON refresh_tokens (expires_at);
--> statement-breakpoint

-- Secrets the server generates for itself on first start (the JWT signing key), kept in the
-- database so that tokens survive restarts and every API node signs with the same key.
CREATE TABLE server_secrets (
  name varchar(100) PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

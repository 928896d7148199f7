-- 0019 tenant administration (README "Tenants and licences"): the tenant record of System ›
-- Tenants (tax code, address, contact), its suspension, optimistic locking for the resource
-- framework, and the one-time links that let a new tenant administrator set a password.

ALTER TABLE tenants ADD COLUMN tax_code varchar(14);
--> statement-breakpoint
ALTER TABLE tenants ADD COLUMN address varchar(200);
--> statement-breakpoint
ALTER TABLE tenants ADD COLUMN contact_name varchar(200);
--> statement-breakpoint
ALTER TABLE tenants ADD COLUMN contact_email varchar(50);
--> statement-breakpoint
ALTER TABLE tenants ADD COLUMN contact_phone varchar(20);
--> statement-breakpoint
ALTER TABLE tenants ADD COLUMN suspended_at timestamptz;
--> statement-breakpoint
ALTER TABLE tenants ADD COLUMN suspension_reason varchar(500);
--> statement-breakpoint
ALTER TABLE tenants ADD COLUMN version integer NOT NULL DEFAULT 1;
--> statement-breakpoint

-- A Vietnamese tax code: 10 digits, or 10 digits, a hyphen and 3 (a dependent unit).
ALTER TABLE tenants ADD CONSTRAINT tenants_tax_code_check
  CHECK (tax_code IS NULL OR tax_code ~ '^[0-9]{10}(-[0-9]{3})?$');
--> statement-breakpoint
CREATE UNIQUE INDEX tenants_tax_code_key ON tenants (tax_code) WHERE tax_code IS NOT NULL;
--> statement-breakpoint

-- SUSPENDED: suspended by a system administrator (POST /api/system/tenants/{id}/suspend); its
-- users cannot sign in, refresh or call anything until it is resumed. INACTIVE stays accepted
-- (older data, tests of the sign-in path) and means the same to sign-in.
ALTER TABLE tenants DROP CONSTRAINT tenants_status_check;
--> statement-breakpoint
ALTER TABLE tenants ADD CONSTRAINT tenants_status_check
  CHECK (status IN ('ACTIVE', 'INACTIVE', 'SUSPENDED'));
--> statement-breakpoint

-- One-time set-password links (handOver 'LINK' of create-with-admin): only the SHA-256 of the
-- token is kept; a link is used once (used_at) and expires. Sign-in state, like refresh tokens:
-- the owner connection alone reaches it (0006).
CREATE TABLE password_set_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash varchar(64) NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid
);
--> statement-breakpoint
CREATE UNIQUE INDEX password_set_tokens_token_hash_key ON password_set_tokens (token_hash);
--> statement-breakpoint
CREATE INDEX password_set_tokens_user_id_idx ON password_set_tokens (user_id);
--> statement-breakpoint
REVOKE ALL ON password_set_tokens FROM hcm_app;
--> statement-breakpoint

-- The one way a request (hcm_app) writes a link: for a tenant user that has no password yet (an
-- administrator just created by create-with-admin), never for an account that can sign in.
CREATE FUNCTION hcm_issue_password_link(target_user uuid, hash varchar, expires timestamptz, issuer uuid)
RETURNS uuid LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_catalog AS $$
DECLARE
  made uuid;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM users u
                 WHERE u.id = target_user AND u.tenant_id IS NOT NULL AND u.password_hash IS NULL) THEN
    RAISE EXCEPTION 'user % cannot get a set-password link', target_user USING ERRCODE = '22023';
  END IF;
  INSERT INTO password_set_tokens (user_id, token_hash, expires_at, created_by)
  VALUES (target_user, hash, expires, issuer) RETURNING id INTO made;
  RETURN made;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION hcm_issue_password_link(uuid, varchar, timestamptz, uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION hcm_issue_password_link(uuid, varchar, timestamptz, uuid) TO hcm_app;

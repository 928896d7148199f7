-- 0007 live sessions and refresh grace (issue 8 parts 3 and 4).

-- One row per sign-in (= per refresh-token family; the access token's `sid`). Every
-- authenticated request checks its session here, in the same statement that loads the actor
-- (services/iam/authorization/load-actor.ts), so a logout, a family revoked for reuse or a
-- password reset ends the access tokens of that sign-in at the very next request instead of
-- after their 15 minutes. expires_at is the session's absolute end (remember me: at most
-- REMEMBER_ME_SESSION_MAX_SECONDS from sign-in), after which no refresh is accepted.
-- The application role reads it under the tenant policy (it holds no secret: ids and times);
-- only the owner connection writes it (sign-in, refresh, logout, password changes).
CREATE TABLE sessions (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- null for system users, as in users
  tenant_id uuid REFERENCES tenants (id) ON DELETE CASCADE,
  remember_me boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
--> statement-breakpoint
CREATE INDEX sessions_user_id_idx ON sessions (user_id);
--> statement-breakpoint
CREATE INDEX sessions_expires_at_idx ON sessions (expires_at);
--> statement-breakpoint
ALTER TABLE sessions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE sessions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
-- As users: a tenant scope sees its tenant's sessions, system scope the system users' ones. An
-- owner that is not a superuser sets app.tenant_id to the session's tenant before it writes
-- (services/iam/session/session-tenant.ts).
CREATE POLICY sessions_tenant_isolation ON sessions
  USING (tenant_id IS NOT DISTINCT FROM nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id IS NOT DISTINCT FROM nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
-- 0002's default privileges gave hcm_app every right on new tables: it may only read this one.
REVOKE ALL ON sessions FROM hcm_app;
--> statement-breakpoint
GRANT SELECT ON sessions TO hcm_app;
--> statement-breakpoint

-- The sessions of sign-ins made before this migration, so that nobody is signed out by it:
-- one per family, revoked when every token of the family is.
INSERT INTO sessions (id, user_id, tenant_id, remember_me, created_at, expires_at, revoked_at)
SELECT family_id, user_id, tenant_id, bool_or(remember_me), min(created_at), max(expires_at),
       CASE WHEN bool_and(revoked_at IS NOT NULL) THEN max(revoked_at) END
FROM refresh_tokens
GROUP BY family_id, user_id, tenant_id;
--> statement-breakpoint
ALTER TABLE refresh_tokens ADD CONSTRAINT refresh_tokens_family_fkey
  FOREIGN KEY (family_id) REFERENCES sessions (id) ON DELETE CASCADE;
--> statement-breakpoint

-- Refresh grace (rotate-refresh-token.ts): when a token is rotated, its successor token set is
-- kept for REFRESH_REUSE_GRACE_SECONDS, sealed with AES-256-GCM under a key derived from the
-- rotated token itself (tokens/successor-seal.ts). The database keeps only that token's SHA-256,
-- so a copy of the database cannot open it; whoever presents the rotated token again within
-- the window (another tab of the same browser) gets the same successor instead of a revoked
-- family. The seal is wiped when the window has passed or the family ends.
ALTER TABLE refresh_tokens ADD COLUMN replaced_at timestamptz;
--> statement-breakpoint
ALTER TABLE refresh_tokens ADD COLUMN successor_sealed text;

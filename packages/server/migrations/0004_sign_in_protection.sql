-- 0004 sign-in protection: failed sign-ins and lockout, captcha challenges.
-- Neither table is tenant-owned: sign-in happens before any tenant is known, and both are
-- keyed by things that are not tenant data (a user name as typed, a random challenge id).
-- The state lives in the database, not in a process, so that every API node behind a load
-- balancer sees the same counts, locks and challenges.

-- Failed sign-ins per user name, lower-cased, whether or not such a user exists: an unknown
-- name is counted, asked for a captcha and locked exactly like a real one, so neither the
-- answers nor their timing reveal which names exist. failure_count counts the failures since
-- window_started_at (the first failure of the current window); a success deletes the row.
CREATE TABLE sign_in_failures (
  username_key varchar(100) PRIMARY KEY,
  failure_count integer NOT NULL,
  window_started_at timestamptz NOT NULL,
  last_failed_at timestamptz NOT NULL,
  locked_until timestamptz,
  CONSTRAINT sign_in_failures_username_key_lower CHECK (username_key = lower(username_key)),
  CONSTRAINT sign_in_failures_failure_count_check CHECK (failure_count > 0)
);
--> statement-breakpoint
-- Stale rows (window and lock both over) are swept by last_failed_at.
CREATE INDEX sign_in_failures_last_failed_at_idx ON sign_in_failures (last_failed_at);
--> statement-breakpoint

-- The lockout state moved to sign_in_failures (it must cover unknown names too); these two
-- columns of 0001 were never written.
ALTER TABLE users DROP COLUMN failed_login_attempts;
--> statement-breakpoint
ALTER TABLE users DROP COLUMN locked_until;
--> statement-breakpoint

-- Captcha challenges: only SHA-256 of "<id>:<answer in lower case>" is kept. A challenge is
-- deleted by the sign-in that presents it, right or wrong (single use), and expired ones are
-- swept whenever a new one is made.
CREATE TABLE captcha_challenges (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  answer_hash varchar(64) NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX captcha_challenges_expires_at_idx ON captcha_challenges (expires_at);

-- 0008 lockout by user name AND client address, proof-of-work challenges (issue 8 part 5).
--
-- Until now five failures for a name locked it for everyone: any stranger could lock any
-- account, root included. Failures are now counted per (user name as typed, client address):
-- the lock applies to that pair only, so the owner still signs in from another address while
-- a stranger hammers the account from theirs. Counts are transient (minutes), so the rows of
-- the old shape are simply dropped.
DELETE FROM sign_in_failures;
--> statement-breakpoint
-- The client address as the server saw it (request.ip after TRUST_PROXY), an IPv6 client by
-- its /64 (one host usually holds a whole /64): README, "Sign-in protection".
ALTER TABLE sign_in_failures ADD COLUMN client_key varchar(64) NOT NULL;
--> statement-breakpoint
-- How many times this pair has been locked since its last success: each lock lasts twice as
-- long as the one before (LOGIN_LOCK_SECONDS, doubling, at most LOGIN_LOCK_MAX_SECONDS).
ALTER TABLE sign_in_failures ADD COLUMN lock_count integer NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE sign_in_failures ADD CONSTRAINT sign_in_failures_lock_count_check CHECK (lock_count >= 0);
--> statement-breakpoint
ALTER TABLE sign_in_failures DROP CONSTRAINT sign_in_failures_pkey;
--> statement-breakpoint
ALTER TABLE sign_in_failures ADD CONSTRAINT sign_in_failures_pkey PRIMARY KEY (username_key, client_key);
--> statement-breakpoint

-- The picture captcha (svg-captcha) was read by a program off its glyph paths, 200 of 200.
-- A challenge is now a proof of work: the server hands out a random prefix and a difficulty,
-- the client finds a nonce such that SHA-256(prefix || nonce) starts with `difficulty` zero
-- bits. Only SHA-256 of the prefix is kept (prefix_hash); single use and expiry as before.
DELETE FROM captcha_challenges;
--> statement-breakpoint
ALTER TABLE captcha_challenges RENAME COLUMN answer_hash TO prefix_hash;
--> statement-breakpoint
ALTER TABLE captcha_challenges ADD COLUMN difficulty smallint NOT NULL;
--> statement-breakpoint
ALTER TABLE captcha_challenges ADD CONSTRAINT captcha_challenges_difficulty_check CHECK (difficulty BETWEEN 1 AND 64);
--> statement-breakpoint

-- Both tables are reached through the owner connection only (sign-in, unlock, password
-- changes). Migration 0006 revokes them from the application role; said again here so that
-- this migration holds on its own, whatever 0006 becomes (a REVOKE of nothing is harmless).
REVOKE ALL ON sign_in_failures, captcha_challenges FROM hcm_app;

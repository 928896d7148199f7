-- 0026 first password: a password someone else set (an administrator creating the user or
-- changing its password, a generated one, a tenant's first administrator's printed one) must be
-- replaced by the user's own at the next sign-in. Set by those paths, cleared when the user sets
-- their own (own password change, one-time set-password link). Until then every authenticated
-- route but the own password change, the profile and the authorities answers 403
-- PASSWORD_CHANGE_REQUIRED (services/iam/first-password).
--
-- Existing users and the seeded accounts (passwords from the deployment's environment, chosen by
-- whoever installs it) are not flagged: the default is false.
ALTER TABLE users ADD COLUMN password_change_required boolean NOT NULL DEFAULT false;

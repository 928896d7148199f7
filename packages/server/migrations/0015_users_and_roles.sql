-- 0015 users and roles administration (catalogues §7.4): what the users and roles pages edit
-- beyond what sign-in needed.
--
-- users: a phone number and a version for optimistic locking (update, assign-roles send the
-- version they read; a newer one answers 409).
ALTER TABLE users ADD COLUMN phone varchar(20);
--> statement-breakpoint
ALTER TABLE users ADD COLUMN version integer NOT NULL DEFAULT 1;
--> statement-breakpoint
-- The built-in administrator role of a tenant (HR_ADMIN, made with the tenant) and any built-in
-- system role: never deleted, and its permissions are never changed through the API.
ALTER TABLE roles ADD COLUMN built_in boolean NOT NULL DEFAULT false;
--> statement-breakpoint
ALTER TABLE system_roles ADD COLUMN built_in boolean NOT NULL DEFAULT false;

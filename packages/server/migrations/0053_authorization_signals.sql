-- Authorization signals (issue 29, part 1). Each API process keeps the actors it has loaded
-- (services/iam/authorization/actor-cache.ts), so that a request need not open a transaction of
-- its own to learn who is calling. A statement that may change what a signed-in user may do (a
-- user's status or level, a role, its grants or data scope, a tenant's status or licence, a
-- session's end) tells every process to forget them: at once through a NOTICE to the writing
-- connection (db/postgres.ts hands it to this process before the transaction returns), and
-- through NOTIFY hcm_authorization to every other process when the transaction commits.
CREATE FUNCTION hcm_signal_authorization() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE NOTICE 'hcm-signal:hcm_authorization';
  -- one notification per transaction, however many statements: PostgreSQL folds equal ones
  PERFORM pg_notify('hcm_authorization', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_authorization_signal
  AFTER UPDATE OF status, password_change_required, tenant_id, is_root, user_level OR DELETE OR TRUNCATE
  ON users FOR EACH STATEMENT EXECUTE FUNCTION hcm_signal_authorization();
--> statement-breakpoint
CREATE TRIGGER tenants_authorization_signal
  AFTER UPDATE OF status OR DELETE OR TRUNCATE
  ON tenants FOR EACH STATEMENT EXECUTE FUNCTION hcm_signal_authorization();
--> statement-breakpoint
CREATE TRIGGER sessions_authorization_signal
  AFTER UPDATE OF revoked_at, expires_at, user_id OR DELETE OR TRUNCATE
  ON sessions FOR EACH STATEMENT EXECUTE FUNCTION hcm_signal_authorization();
--> statement-breakpoint
CREATE TRIGGER roles_authorization_signal
  AFTER UPDATE OF status, data_scope, tenant_id OR DELETE OR TRUNCATE
  ON roles FOR EACH STATEMENT EXECUTE FUNCTION hcm_signal_authorization();
--> statement-breakpoint
CREATE TRIGGER role_permissions_authorization_signal
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON role_permissions FOR EACH STATEMENT EXECUTE FUNCTION hcm_signal_authorization();
--> statement-breakpoint
CREATE TRIGGER user_roles_authorization_signal
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON user_roles FOR EACH STATEMENT EXECUTE FUNCTION hcm_signal_authorization();
--> statement-breakpoint
CREATE TRIGGER system_roles_authorization_signal
  AFTER UPDATE OF status OR DELETE OR TRUNCATE
  ON system_roles FOR EACH STATEMENT EXECUTE FUNCTION hcm_signal_authorization();
--> statement-breakpoint
CREATE TRIGGER system_role_permissions_authorization_signal
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON system_role_permissions FOR EACH STATEMENT EXECUTE FUNCTION hcm_signal_authorization();
--> statement-breakpoint
CREATE TRIGGER system_user_roles_authorization_signal
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON system_user_roles FOR EACH STATEMENT EXECUTE FUNCTION hcm_signal_authorization();
--> statement-breakpoint
CREATE TRIGGER service_pack_privileges_authorization_signal
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON service_pack_privileges FOR EACH STATEMENT EXECUTE FUNCTION hcm_signal_authorization();
--> statement-breakpoint
CREATE TRIGGER tenant_subscriptions_authorization_signal
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON tenant_subscriptions FOR EACH STATEMENT EXECUTE FUNCTION hcm_signal_authorization();

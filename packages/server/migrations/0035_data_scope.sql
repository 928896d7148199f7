-- 0035 data scope (issue 11): which employees' records a role reaches, and which employee a
-- user account is. A role reaches the whole tenant (TENANT, as every role did before), the
-- units its holder leads and those below them (UNITS), or its holder's own record (SELF); a
-- user holding several roles reaches the widest (services/om/workers/worker-reach.ts).
ALTER TABLE roles ADD COLUMN data_scope varchar(8) NOT NULL DEFAULT 'TENANT',
  ADD CONSTRAINT roles_data_scope_check CHECK (data_scope IN ('TENANT', 'UNITS', 'SELF'));
--> statement-breakpoint
-- a system role reaches no tenant's employees: its data scope is always TENANT, meaning nothing
ALTER TABLE system_roles ADD COLUMN data_scope varchar(8) NOT NULL DEFAULT 'TENANT',
  ADD CONSTRAINT system_roles_data_scope_check CHECK (data_scope = 'TENANT');
--> statement-breakpoint
-- the employee a user account is (at most one each way); deleting the account unlinks it
ALTER TABLE workers ADD COLUMN user_id uuid,
  ADD CONSTRAINT workers_user_fkey FOREIGN KEY (tenant_id, user_id)
    REFERENCES users (tenant_id, id) ON DELETE SET NULL (user_id);
--> statement-breakpoint
CREATE UNIQUE INDEX workers_user_key ON workers (tenant_id, user_id) WHERE user_id IS NOT NULL;

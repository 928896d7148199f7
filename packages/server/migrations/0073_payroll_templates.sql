-- 0073 salary components and payroll templates (issue 32 items 2 and 5; docs/payroll-templates.md).
--
-- A salary component (Salary › Payroll composition, /pm/payroll-composit, permission
-- salary_composition) is one line a payslip may carry: its code (the salary-code pattern, the
-- name formulas read it by, kept in upper case and unique per tenant case-insensitively), its
-- value type (catalogues §3.1), an input or a formula, what it is on the payslip, whether it is
-- taxable and insurable, and how its number is rounded. The formula's language and its check
-- against the tenant's variable catalogue are the server's (@hcm/formula; errors in the API's
-- envelope); the checks here are what each column alone must hold.
--
-- A payroll template (/pm/payroll-template, permission salary_slip_template) lists components in
-- order (payroll_template_components), says to whom it applies (units with or without the units
-- below them, subjects of labour, contract types: empty means all), lays out the payslip
-- (payroll_template_payslip: lines in order, consecutive lines with one group title make a
-- group) and keeps the order the server computes its components in (payroll_template_order,
-- rewritten on every save of the template or of a component it uses). A component named by a
-- template cannot be deleted (RESTRICT; the API says which template first, 409).
--
-- Each write to these tables, and to the parameters formulas may name, raises the
-- payroll-template signal (NOTICE to the writing connection, NOTIFY hcm_payroll_templates after
-- commit, the tenant as payload): every process forgets that tenant's compiled templates
-- (services/pm/templates/compiled-cache.ts), as 0057 does for work shifts.
--
-- The product's default components and template (services/pm/statutory's DEFAULT_COMPONENTS and
-- DEFAULT_TEMPLATE) reach a new tenant with its seeds (services/pm/templates/seed-defaults.ts,
-- a starter). Existing tenants are listed in payroll_defaults_owed here; the server seeds each at
-- its next start and removes its row, in one transaction, adding only codes the tenant lacks.
-- The list is the server's bookkeeping, read by the owner connection only (no tenant_id column,
-- no grant to hcm_app), like the migrations' own table.
CREATE TABLE salary_components (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  code varchar(50) NOT NULL,
  name varchar(200) NOT NULL,
  name_en varchar(200),
  value_type varchar(16) NOT NULL DEFAULT 'MONEY',
  source varchar(16) NOT NULL DEFAULT 'INPUT',
  formula varchar(4000),
  category varchar(32) NOT NULL DEFAULT 'EARNING',
  taxable boolean NOT NULL DEFAULT false,
  insurable boolean NOT NULL DEFAULT false,
  rounding_mode varchar(16) NOT NULL DEFAULT 'NONE',
  rounding_digits smallint NOT NULL DEFAULT 0,
  description varchar(1000),
  status varchar(16) NOT NULL DEFAULT 'ACTIVE',
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  last_modified_at timestamptz NOT NULL DEFAULT now(),
  last_modified_by uuid,
  CONSTRAINT salary_components_pkey PRIMARY KEY (tenant_id, id),
  -- catalogues §5.1 salary code: letters, digits, underscore (a letter or _ first, as names are)
  CONSTRAINT salary_components_code_check CHECK (code ~ '^[A-Za-z_][A-Za-z0-9_]{0,49}$'),
  CONSTRAINT salary_components_value_type_check CHECK (
    value_type IN ('INTEGER', 'MONEY', 'DATE', 'DOUBLE', 'PERCENT', 'TEXT', 'NUMBER', 'ENUM')),
  CONSTRAINT salary_components_source_check CHECK (source IN ('INPUT', 'FORMULA')),
  -- a formula component has its formula; an input has none
  CONSTRAINT salary_components_formula_check CHECK ((source = 'FORMULA') = (formula IS NOT NULL)),
  CONSTRAINT salary_components_category_check CHECK (
    category IN ('EARNING', 'DEDUCTION', 'EMPLOYER_CONTRIBUTION', 'INFORMATION')),
  CONSTRAINT salary_components_rounding_mode_check CHECK (
    rounding_mode IN ('ROUND', 'ROUNDUP', 'ROUNDDOWN', 'NONE')),
  CONSTRAINT salary_components_rounding_digits_check CHECK (rounding_digits BETWEEN -9 AND 9),
  CONSTRAINT salary_components_status_check CHECK (status IN ('ACTIVE', 'INACTIVE')),
  CONSTRAINT salary_components_version_check CHECK (version >= 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX salary_components_code_key ON salary_components (tenant_id, lower(code));
--> statement-breakpoint
CREATE INDEX salary_components_status_idx ON salary_components (tenant_id, status, code);
--> statement-breakpoint
SELECT hcm_secure_tenant_table('salary_components');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON salary_components TO hcm_app;
--> statement-breakpoint
-- the keyword search and the unique code's check (0006: a resource table opts in with these two)
GRANT SELECT ON salary_components TO hcm_search;
--> statement-breakpoint
CREATE POLICY salary_components_keyword_search ON salary_components FOR SELECT TO hcm_search USING (true);
--> statement-breakpoint
CREATE INDEX salary_components_keyword_idx ON salary_components
  USING gin (tenant_id, code gin_trgm_ops, name gin_trgm_ops, name_en gin_trgm_ops);
--> statement-breakpoint
CREATE TABLE payroll_templates (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  code varchar(50) NOT NULL,
  name varchar(200) NOT NULL,
  description varchar(1000),
  status varchar(16) NOT NULL DEFAULT 'ACTIVE',
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  last_modified_at timestamptz NOT NULL DEFAULT now(),
  last_modified_by uuid,
  CONSTRAINT payroll_templates_pkey PRIMARY KEY (tenant_id, id),
  CONSTRAINT payroll_templates_status_check CHECK (status IN ('ACTIVE', 'INACTIVE')),
  CONSTRAINT payroll_templates_version_check CHECK (version >= 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX payroll_templates_code_key ON payroll_templates (tenant_id, lower(code));
--> statement-breakpoint
SELECT hcm_secure_tenant_table('payroll_templates');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON payroll_templates TO hcm_app;
--> statement-breakpoint
GRANT SELECT ON payroll_templates TO hcm_search;
--> statement-breakpoint
CREATE POLICY payroll_templates_keyword_search ON payroll_templates FOR SELECT TO hcm_search USING (true);
--> statement-breakpoint
CREATE INDEX payroll_templates_keyword_idx ON payroll_templates
  USING gin (tenant_id, code gin_trgm_ops, name gin_trgm_ops);
--> statement-breakpoint
-- The components of a template, in the order HR lists them (position 0, 1, …), each once.
CREATE TABLE payroll_template_components (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  template_id uuid NOT NULL,
  position smallint NOT NULL,
  component_id uuid NOT NULL,
  -- the component's code as of the last write (the server fills it; exports and pages show it)
  component_code varchar(50),
  CONSTRAINT payroll_template_components_pkey PRIMARY KEY (tenant_id, template_id, position),
  CONSTRAINT payroll_template_components_template_fkey FOREIGN KEY (tenant_id, template_id)
    REFERENCES payroll_templates (tenant_id, id) ON DELETE CASCADE,
  CONSTRAINT payroll_template_components_component_fkey FOREIGN KEY (tenant_id, component_id)
    REFERENCES salary_components (tenant_id, id) ON DELETE RESTRICT,
  CONSTRAINT payroll_template_components_once UNIQUE (tenant_id, template_id, component_id),
  CONSTRAINT payroll_template_components_position_check CHECK (position >= 0)
);
--> statement-breakpoint
-- which templates use a component (its update re-checks them; its delete is refused)
CREATE INDEX payroll_template_components_component_idx ON payroll_template_components (tenant_id, component_id);
--> statement-breakpoint
SELECT hcm_secure_tenant_table('payroll_template_components');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON payroll_template_components TO hcm_app;
--> statement-breakpoint
-- The units a template applies to; include_sub_units: the units below each too (null: not).
CREATE TABLE payroll_template_units (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  template_id uuid NOT NULL,
  position smallint NOT NULL,
  organization_unit_id uuid NOT NULL,
  include_sub_units boolean,
  CONSTRAINT payroll_template_units_pkey PRIMARY KEY (tenant_id, template_id, position),
  CONSTRAINT payroll_template_units_template_fkey FOREIGN KEY (tenant_id, template_id)
    REFERENCES payroll_templates (tenant_id, id) ON DELETE CASCADE,
  CONSTRAINT payroll_template_units_unit_fkey FOREIGN KEY (tenant_id, organization_unit_id)
    REFERENCES organization_units (tenant_id, id) ON DELETE RESTRICT,
  CONSTRAINT payroll_template_units_once UNIQUE (tenant_id, template_id, organization_unit_id),
  CONSTRAINT payroll_template_units_position_check CHECK (position >= 0)
);
--> statement-breakpoint
CREATE INDEX payroll_template_units_unit_idx ON payroll_template_units (tenant_id, organization_unit_id);
--> statement-breakpoint
SELECT hcm_secure_tenant_table('payroll_template_units');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON payroll_template_units TO hcm_app;
--> statement-breakpoint
-- The subjects of labour a template applies to (a references list: one row per subject, in order).
CREATE TABLE payroll_template_subjects (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  template_id uuid NOT NULL,
  subject_of_labor_id uuid NOT NULL,
  ordinal smallint NOT NULL,
  CONSTRAINT payroll_template_subjects_pkey PRIMARY KEY (tenant_id, template_id, subject_of_labor_id),
  CONSTRAINT payroll_template_subjects_template_fkey FOREIGN KEY (tenant_id, template_id)
    REFERENCES payroll_templates (tenant_id, id) ON DELETE CASCADE,
  CONSTRAINT payroll_template_subjects_subject_fkey FOREIGN KEY (tenant_id, subject_of_labor_id)
    REFERENCES subjects_of_labor (tenant_id, id) ON DELETE RESTRICT,
  CONSTRAINT payroll_template_subjects_ordinal_check CHECK (ordinal >= 0)
);
--> statement-breakpoint
CREATE INDEX payroll_template_subjects_subject_idx ON payroll_template_subjects (tenant_id, subject_of_labor_id);
--> statement-breakpoint
SELECT hcm_secure_tenant_table('payroll_template_subjects');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON payroll_template_subjects TO hcm_app;
--> statement-breakpoint
-- The contract types a template applies to (a references list).
CREATE TABLE payroll_template_contract_types (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  template_id uuid NOT NULL,
  contract_type_id uuid NOT NULL,
  ordinal smallint NOT NULL,
  CONSTRAINT payroll_template_contract_types_pkey PRIMARY KEY (tenant_id, template_id, contract_type_id),
  CONSTRAINT payroll_template_contract_types_template_fkey FOREIGN KEY (tenant_id, template_id)
    REFERENCES payroll_templates (tenant_id, id) ON DELETE CASCADE,
  CONSTRAINT payroll_template_contract_types_type_fkey FOREIGN KEY (tenant_id, contract_type_id)
    REFERENCES contract_types (tenant_id, id) ON DELETE RESTRICT,
  CONSTRAINT payroll_template_contract_types_ordinal_check CHECK (ordinal >= 0)
);
--> statement-breakpoint
CREATE INDEX payroll_template_contract_types_type_idx
  ON payroll_template_contract_types (tenant_id, contract_type_id);
--> statement-breakpoint
SELECT hcm_secure_tenant_table('payroll_template_contract_types');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON payroll_template_contract_types TO hcm_app;
--> statement-breakpoint
-- The payslip's lines in order: a component of the template under a group title.
CREATE TABLE payroll_template_payslip (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  template_id uuid NOT NULL,
  position smallint NOT NULL,
  group_title varchar(200) NOT NULL,
  group_title_en varchar(200),
  component_id uuid NOT NULL,
  component_code varchar(50),
  CONSTRAINT payroll_template_payslip_pkey PRIMARY KEY (tenant_id, template_id, position),
  CONSTRAINT payroll_template_payslip_template_fkey FOREIGN KEY (tenant_id, template_id)
    REFERENCES payroll_templates (tenant_id, id) ON DELETE CASCADE,
  CONSTRAINT payroll_template_payslip_component_fkey FOREIGN KEY (tenant_id, component_id)
    REFERENCES salary_components (tenant_id, id) ON DELETE RESTRICT,
  CONSTRAINT payroll_template_payslip_once UNIQUE (tenant_id, template_id, component_id),
  CONSTRAINT payroll_template_payslip_position_check CHECK (position >= 0)
);
--> statement-breakpoint
CREATE INDEX payroll_template_payslip_component_idx ON payroll_template_payslip (tenant_id, component_id);
--> statement-breakpoint
SELECT hcm_secure_tenant_table('payroll_template_payslip');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON payroll_template_payslip TO hcm_app;
--> statement-breakpoint
-- The order the components are computed in (each after those it reads), written by the server.
CREATE TABLE payroll_template_order (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  template_id uuid NOT NULL,
  position smallint NOT NULL,
  component_id uuid NOT NULL,
  component_code varchar(50),
  CONSTRAINT payroll_template_order_pkey PRIMARY KEY (tenant_id, template_id, position),
  CONSTRAINT payroll_template_order_template_fkey FOREIGN KEY (tenant_id, template_id)
    REFERENCES payroll_templates (tenant_id, id) ON DELETE CASCADE,
  CONSTRAINT payroll_template_order_component_fkey FOREIGN KEY (tenant_id, component_id)
    REFERENCES salary_components (tenant_id, id) ON DELETE RESTRICT,
  CONSTRAINT payroll_template_order_position_check CHECK (position >= 0)
);
--> statement-breakpoint
CREATE INDEX payroll_template_order_component_idx ON payroll_template_order (tenant_id, component_id);
--> statement-breakpoint
SELECT hcm_secure_tenant_table('payroll_template_order');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON payroll_template_order TO hcm_app;
--> statement-breakpoint
CREATE FUNCTION hcm_signal_payroll_templates() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  tenant text := coalesce(current_setting('app.tenant_id', true), '');
BEGIN
  RAISE NOTICE 'hcm-signal:hcm_payroll_templates:%', tenant;
  PERFORM pg_notify('hcm_payroll_templates', tenant);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER salary_components_signal
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON salary_components FOR EACH STATEMENT EXECUTE FUNCTION hcm_signal_payroll_templates();
--> statement-breakpoint
CREATE TRIGGER payroll_templates_signal
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON payroll_templates FOR EACH STATEMENT EXECUTE FUNCTION hcm_signal_payroll_templates();
--> statement-breakpoint
CREATE TRIGGER payroll_template_components_signal
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON payroll_template_components FOR EACH STATEMENT EXECUTE FUNCTION hcm_signal_payroll_templates();
--> statement-breakpoint
CREATE TRIGGER payroll_template_payslip_signal
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON payroll_template_payslip FOR EACH STATEMENT EXECUTE FUNCTION hcm_signal_payroll_templates();
--> statement-breakpoint
-- A formula may name a parameter (Admin › Parameter management): a compiled template checked
-- against the parameters as they were is forgotten when they change (a code added, removed,
-- retyped by its unit).
CREATE TRIGGER parameters_payroll_templates_signal
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON parameters FOR EACH STATEMENT EXECUTE FUNCTION hcm_signal_payroll_templates();
--> statement-breakpoint
-- The tenants that existed before this migration and are owed the default components and
-- template (seeded at the server's next start, then their row removed).
CREATE TABLE payroll_defaults_owed (
  owed_tenant uuid PRIMARY KEY REFERENCES tenants (id) ON DELETE CASCADE
);
--> statement-breakpoint
-- Bookkeeping of the server's start (the owner's connection), not tenant data: the application
-- role reaches none of it (db/application-role-reach.test.ts).
REVOKE ALL ON payroll_defaults_owed FROM hcm_app;
--> statement-breakpoint
INSERT INTO payroll_defaults_owed (owed_tenant) SELECT id FROM tenants;

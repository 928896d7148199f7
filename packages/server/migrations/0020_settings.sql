-- 0020 Admin settings drawn from contracts: effective-dated parameters (one value per code and
-- effective date) and email/notification templates (subject and body in both languages).
CREATE TABLE parameters (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  code varchar(50) NOT NULL,
  name varchar(200) NOT NULL,
  value numeric(18, 3) NOT NULL,
  unit varchar(20),
  effective_date date NOT NULL,
  description varchar(1000),
  status varchar(16) NOT NULL DEFAULT 'ACTIVE',
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  last_modified_at timestamptz NOT NULL DEFAULT now(),
  last_modified_by uuid,
  CONSTRAINT parameters_pkey PRIMARY KEY (tenant_id, id),
  CONSTRAINT parameters_status_check CHECK (status IN ('ACTIVE', 'INACTIVE')),
  CONSTRAINT parameters_value_check CHECK (value >= 0),
  CONSTRAINT parameters_version_check CHECK (version >= 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX parameters_code_date_key ON parameters (tenant_id, lower(code), effective_date);
--> statement-breakpoint
CREATE INDEX parameters_effective_idx ON parameters (tenant_id, effective_date, id);
--> statement-breakpoint
CREATE INDEX parameters_code_idx ON parameters (tenant_id, code, id);
--> statement-breakpoint
CREATE INDEX parameters_name_idx ON parameters (tenant_id, name, id);
--> statement-breakpoint
CREATE INDEX parameters_keyword_idx ON parameters USING gin (tenant_id, code gin_trgm_ops, name gin_trgm_ops);
--> statement-breakpoint
SELECT hcm_secure_tenant_table('parameters');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON parameters TO hcm_app;
--> statement-breakpoint
GRANT SELECT ON parameters TO hcm_search;
--> statement-breakpoint
CREATE POLICY parameters_keyword_search ON parameters FOR SELECT TO hcm_search USING (true);
--> statement-breakpoint
CREATE TABLE message_templates (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  code varchar(50) NOT NULL,
  name varchar(200) NOT NULL,
  channel varchar(16) NOT NULL,
  subject_vi varchar(250) NOT NULL,
  body_vi varchar(10000) NOT NULL,
  subject_en varchar(250),
  body_en varchar(10000),
  description varchar(1000),
  status varchar(16) NOT NULL DEFAULT 'ACTIVE',
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  last_modified_at timestamptz NOT NULL DEFAULT now(),
  last_modified_by uuid,
  CONSTRAINT message_templates_pkey PRIMARY KEY (tenant_id, id),
  CONSTRAINT message_templates_status_check CHECK (status IN ('ACTIVE', 'INACTIVE')),
  CONSTRAINT message_templates_channel_check CHECK (channel IN ('EMAIL', 'NOTIFICATION')),
  CONSTRAINT message_templates_version_check CHECK (version >= 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX message_templates_code_key ON message_templates (tenant_id, lower(code));
--> statement-breakpoint
CREATE INDEX message_templates_code_idx ON message_templates (tenant_id, code, id);
--> statement-breakpoint
CREATE INDEX message_templates_name_idx ON message_templates (tenant_id, name, id);
--> statement-breakpoint
CREATE INDEX message_templates_keyword_idx ON message_templates
  USING gin (tenant_id, code gin_trgm_ops, name gin_trgm_ops, subject_vi gin_trgm_ops);
--> statement-breakpoint
SELECT hcm_secure_tenant_table('message_templates');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON message_templates TO hcm_app;
--> statement-breakpoint
GRANT SELECT ON message_templates TO hcm_search;
--> statement-breakpoint
CREATE POLICY message_templates_keyword_search ON message_templates FOR SELECT TO hcm_search USING (true);

-- 0021 Admin › document templates and user manuals (issue 10): records whose file is kept by
-- the storage service (files, 0018). A file column references the files table; a tenant's
-- template references a file of the same tenant (the key (tenant_id, id) of files below), so a
-- template can never point at another tenant's file. The server checks the same before writing
-- (src/resources/write/file-fields.ts) and answers 400 on the field instead of the key's error.
CREATE UNIQUE INDEX files_tenant_id_key ON files (tenant_id, id);
--> statement-breakpoint
CREATE TABLE document_templates (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  name varchar(200) NOT NULL,
  type varchar(32) NOT NULL,
  file_id uuid NOT NULL,
  file_extension varchar(10),
  note varchar(1000),
  status varchar(16) NOT NULL DEFAULT 'ACTIVE',
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  last_modified_at timestamptz NOT NULL DEFAULT now(),
  last_modified_by uuid,
  CONSTRAINT document_templates_pkey PRIMARY KEY (tenant_id, id),
  CONSTRAINT document_templates_file_fkey FOREIGN KEY (tenant_id, file_id) REFERENCES files (tenant_id, id),
  CONSTRAINT document_templates_status_check CHECK (status IN ('ACTIVE', 'INACTIVE')),
  CONSTRAINT document_templates_type_check CHECK (type IN ('RECORDS', 'CONTRACT', 'ANNEX_CONTRACT',
    'APPOINTMENT', 'DISMISSED', 'TRANSFER', 'RESIGN', 'REWARD', 'DISCIPLINE', 'ATTENDANCE', 'PAYROLL',
    'LEAVE_REQUEST', 'COMMUNICATION', 'BUSINESS_TRIP', 'WORK_PLAN', 'LEADER_WORK_PLAN')),
  CONSTRAINT document_templates_file_extension_check CHECK (file_extension IN ('docx', 'xlsx')),
  CONSTRAINT document_templates_version_check CHECK (version >= 1)
);
--> statement-breakpoint
CREATE INDEX document_templates_modified_idx ON document_templates (tenant_id, last_modified_at, id);
--> statement-breakpoint
CREATE INDEX document_templates_name_idx ON document_templates (tenant_id, name, id);
--> statement-breakpoint
CREATE INDEX document_templates_type_idx ON document_templates (tenant_id, type, id);
--> statement-breakpoint
CREATE INDEX document_templates_keyword_idx ON document_templates USING gin (tenant_id, name gin_trgm_ops);
--> statement-breakpoint
SELECT hcm_secure_tenant_table('document_templates');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON document_templates TO hcm_app;
--> statement-breakpoint
GRANT SELECT ON document_templates TO hcm_search;
--> statement-breakpoint
CREATE POLICY document_templates_keyword_search ON document_templates FOR SELECT TO hcm_search USING (true);
--> statement-breakpoint

-- The sub-types of a template: a row per (template, sub-type), under the template's tenant.
CREATE TABLE document_template_sub_types (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  document_template_id uuid NOT NULL,
  sub_type varchar(32) NOT NULL,
  CONSTRAINT document_template_sub_types_pkey PRIMARY KEY (tenant_id, document_template_id, sub_type),
  CONSTRAINT document_template_sub_types_template_fkey FOREIGN KEY (tenant_id, document_template_id)
    REFERENCES document_templates (tenant_id, id) ON DELETE CASCADE,
  CONSTRAINT document_template_sub_types_check CHECK (sub_type IN ('PROBATIONARY', 'OFFICIALLY',
    'PERSONNEL', 'ORGANIZATION_UNIT', 'PERSONNEL_AND_ORG', 'ABSENT', 'TRAVEL'))
);
--> statement-breakpoint
CREATE INDEX document_template_sub_types_value_idx ON document_template_sub_types (tenant_id, sub_type);
--> statement-breakpoint
SELECT hcm_secure_tenant_table('document_template_sub_types');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON document_template_sub_types TO hcm_app;
--> statement-breakpoint

-- User manuals: one list for every tenant (contract level 'both', like 0016's catalogues), kept
-- by the system administrators; the file is one of the system's (files.tenant_id null).
CREATE TABLE user_manuals (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  title varchar(200) NOT NULL,
  file_id uuid NOT NULL REFERENCES files (id),
  note varchar(1000),
  priority integer NOT NULL DEFAULT 0,
  status varchar(16) NOT NULL DEFAULT 'ACTIVE',
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  last_modified_at timestamptz NOT NULL DEFAULT now(),
  last_modified_by uuid,
  CONSTRAINT user_manuals_status_check CHECK (status IN ('ACTIVE', 'INACTIVE')),
  CONSTRAINT user_manuals_priority_check CHECK (priority BETWEEN 0 AND 9999),
  CONSTRAINT user_manuals_version_check CHECK (version >= 1)
);
--> statement-breakpoint
CREATE INDEX user_manuals_priority_idx ON user_manuals (priority, id);
--> statement-breakpoint
CREATE INDEX user_manuals_title_idx ON user_manuals (title, id);
--> statement-breakpoint
SELECT hcm_secure_shared_table('user_manuals');
--> statement-breakpoint

-- Every user reads the manuals, so the system's USER_MANUAL files are readable from any scope
-- (their name, size and type beside the manual). A second, permissive SELECT policy: it widens
-- reading only; writing stays under files_tenant_isolation.
CREATE POLICY files_user_manuals_read ON files FOR SELECT
  USING (tenant_id IS NULL AND owner_type = 'USER_MANUAL' AND NOT deleted);

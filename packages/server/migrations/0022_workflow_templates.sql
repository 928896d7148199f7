-- 0022 Admin › workflow (SLA) templates (core "Workflow template", catalogues §2.2, §7.4): the
-- steps a record of the chosen kinds goes through for approval. Durations are kept in
-- milliseconds (the form types minutes) and are whole minutes from 1 to 999. The kinds and the
-- steps are child rows written with the template, under its tenant (their foreign keys carry
-- it, so a row never hangs under another tenant's template) and removed with it. A step's
-- assignee is a role, job position, job title or user of the same tenant (checked by the
-- server, whose look-up differs per type); its name is copied from that record when saved.
CREATE TABLE workflow_templates (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  code varchar(50) NOT NULL,
  name varchar(200) NOT NULL,
  loop_time integer,
  notification_duration integer,
  notification_template_id uuid,
  status varchar(16) NOT NULL DEFAULT 'ACTIVE',
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  last_modified_at timestamptz NOT NULL DEFAULT now(),
  last_modified_by uuid,
  CONSTRAINT workflow_templates_pkey PRIMARY KEY (tenant_id, id),
  CONSTRAINT workflow_templates_notification_template_fkey FOREIGN KEY (tenant_id, notification_template_id)
    REFERENCES message_templates (tenant_id, id) ON DELETE RESTRICT,
  CONSTRAINT workflow_templates_status_check CHECK (status IN ('ACTIVE', 'INACTIVE')),
  CONSTRAINT workflow_templates_loop_time_check CHECK (loop_time BETWEEN 60000 AND 59940000 AND loop_time % 60000 = 0),
  CONSTRAINT workflow_templates_notification_duration_check
    CHECK (notification_duration BETWEEN 60000 AND 59940000 AND notification_duration % 60000 = 0),
  CONSTRAINT workflow_templates_version_check CHECK (version >= 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX workflow_templates_code_key ON workflow_templates (tenant_id, lower(code));
--> statement-breakpoint
CREATE INDEX workflow_templates_code_idx ON workflow_templates (tenant_id, code, id);
--> statement-breakpoint
CREATE INDEX workflow_templates_name_idx ON workflow_templates (tenant_id, name, id);
--> statement-breakpoint
CREATE INDEX workflow_templates_keyword_idx ON workflow_templates
  USING gin (tenant_id, code gin_trgm_ops, name gin_trgm_ops);
--> statement-breakpoint
SELECT hcm_secure_tenant_table('workflow_templates');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON workflow_templates TO hcm_app;
--> statement-breakpoint
GRANT SELECT ON workflow_templates TO hcm_search;
--> statement-breakpoint
CREATE POLICY workflow_templates_keyword_search ON workflow_templates FOR SELECT TO hcm_search USING (true);
--> statement-breakpoint
-- The kinds of record a template approves (LEAVE_REQUEST, OVERTIME, …): one row per kind.
CREATE TABLE workflow_template_types (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  template_id uuid NOT NULL,
  template_type varchar(32) NOT NULL,
  CONSTRAINT workflow_template_types_pkey PRIMARY KEY (tenant_id, template_id, template_type),
  CONSTRAINT workflow_template_types_template_fkey FOREIGN KEY (tenant_id, template_id)
    REFERENCES workflow_templates (tenant_id, id) ON DELETE CASCADE
);
--> statement-breakpoint
-- the search auto-complete's filter: the templates of a kind
CREATE INDEX workflow_template_types_type_idx ON workflow_template_types (tenant_id, template_type, template_id);
--> statement-breakpoint
SELECT hcm_secure_tenant_table('workflow_template_types');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON workflow_template_types TO hcm_app;
--> statement-breakpoint
-- The steps, in the order given (position 0, 1, … up to 49).
CREATE TABLE workflow_template_steps (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  template_id uuid NOT NULL,
  position smallint NOT NULL,
  name varchar(200) NOT NULL,
  assignment_type varchar(16) NOT NULL,
  assignment_id uuid NOT NULL,
  assignment_name varchar(200),
  sla_time integer NOT NULL,
  CONSTRAINT workflow_template_steps_pkey PRIMARY KEY (tenant_id, template_id, position),
  CONSTRAINT workflow_template_steps_template_fkey FOREIGN KEY (tenant_id, template_id)
    REFERENCES workflow_templates (tenant_id, id) ON DELETE CASCADE,
  CONSTRAINT workflow_template_steps_position_check CHECK (position BETWEEN 0 AND 49),
  CONSTRAINT workflow_template_steps_assignment_type_check
    CHECK (assignment_type IN ('ROLE', 'JOB_POSITION', 'JOB_TITLE', 'USER')),
  CONSTRAINT workflow_template_steps_sla_time_check
    CHECK (sla_time BETWEEN 60000 AND 59940000 AND sla_time % 60000 = 0)
);
--> statement-breakpoint
SELECT hcm_secure_tenant_table('workflow_template_steps');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON workflow_template_steps TO hcm_app;

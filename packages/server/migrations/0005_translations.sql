-- ---------------------------------------------------------------------------------------
-- Translations the system administrator maintains (System › Language, permission `language`):
-- one row per message code with its Vietnamese and English text. The portal merges the
-- active ones over each micro-app's built-in dictionary (core §7 "Public messages"), so a
-- wording can change without a release. Global rows: every scope may read them (the public
-- endpoint runs without a tenant), only the system scope (app.tenant_id empty) may write.
-- ---------------------------------------------------------------------------------------
CREATE TABLE translations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  code varchar(200) NOT NULL,
  value_vi varchar(2000) NOT NULL,
  value_en varchar(2000) NOT NULL,
  status varchar(16) NOT NULL DEFAULT 'ACTIVE',
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  last_modified_at timestamptz NOT NULL DEFAULT now(),
  last_modified_by uuid,
  version integer NOT NULL DEFAULT 1,
  CONSTRAINT translations_status_check CHECK (status IN ('ACTIVE', 'INACTIVE'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX translations_code_key ON translations (lower(code));
--> statement-breakpoint
ALTER TABLE translations ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE translations FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY translations_read ON translations FOR SELECT USING (true);
--> statement-breakpoint
CREATE POLICY translations_system_writes ON translations FOR ALL
  USING (nullif(current_setting('app.tenant_id', true), '') IS NULL)
  WITH CHECK (nullif(current_setting('app.tenant_id', true), '') IS NULL);

-- 0048 printed documents as PDF (issue 27, deliverable 9): a request to print a record as PDF
-- renders the .docx at once, keeps it in the file store, and queues its conversion by
-- LibreOffice (pg-boss queue document-pdf). The row says how the conversion went; its files
-- are removed, and the row with them, a short time after (expires_at). Only the user who asked
-- reads it (the server filters on requested_by; row-level security confines it to the tenant).
CREATE TABLE document_renditions (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  requested_by uuid NOT NULL,
  state varchar(16) NOT NULL DEFAULT 'QUEUED',
  file_name varchar(300) NOT NULL,
  source_key varchar(300) NOT NULL,
  pdf_key varchar(300),
  pdf_size integer,
  error varchar(500),
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  expires_at timestamptz NOT NULL,
  CONSTRAINT document_renditions_pkey PRIMARY KEY (tenant_id, id),
  CONSTRAINT document_renditions_state_check CHECK (state IN ('QUEUED', 'RUNNING', 'DONE', 'FAILED')),
  CONSTRAINT document_renditions_done_check CHECK ((state = 'DONE') = (pdf_key IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX document_renditions_expires_idx ON document_renditions (expires_at);
--> statement-breakpoint
SELECT hcm_secure_tenant_table('document_renditions');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON document_renditions TO hcm_app;

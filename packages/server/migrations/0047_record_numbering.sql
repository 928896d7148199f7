-- 0047 records HR staff expect (issue 27 §8).
--
-- Numbering: the next number of each numbered kind (an employee code, a contract number) per
-- tenant and per period (the year, or year-month, the tenant's pattern names; '' when it names
-- none). A create takes its number with one UPDATE ... SET next_value = next_value + 1 RETURNING
-- (or the INSERT of the first row) in its own transaction: the row lock queues concurrent
-- creates, and a create that rolls back gives its number back, so codes are unique and gapless.
CREATE TABLE record_counters (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  kind varchar(32) NOT NULL,
  period varchar(7) NOT NULL DEFAULT '',
  next_value bigint NOT NULL DEFAULT 1,
  CONSTRAINT record_counters_pkey PRIMARY KEY (tenant_id, kind, period),
  CONSTRAINT record_counters_next_check CHECK (next_value >= 1)
);
--> statement-breakpoint
SELECT hcm_secure_tenant_table('record_counters');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON record_counters TO hcm_app;
--> statement-breakpoint
-- Expiry notices: one row per contract and expiry date noticed, so the daily job tells HR once
-- (a contract whose expiry date is moved is noticed again for the new date).
CREATE TABLE contract_expiry_notices (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  contract_id uuid NOT NULL,
  expiry_date date NOT NULL,
  noticed_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT contract_expiry_notices_pkey PRIMARY KEY (tenant_id, contract_id, expiry_date)
);
--> statement-breakpoint
SELECT hcm_secure_tenant_table('contract_expiry_notices');
--> statement-breakpoint
GRANT SELECT, INSERT, DELETE ON contract_expiry_notices TO hcm_app;
--> statement-breakpoint
-- A record's change history (GET /{id}/history), newest first and keyset paged.
CREATE INDEX action_logs_record_history_idx
  ON action_logs (tenant_id, resource, record_id, created_at DESC, id DESC);

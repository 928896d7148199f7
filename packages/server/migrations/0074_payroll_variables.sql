-- 0074 the payroll variables (issue 32 item 4; docs/payroll-variables.md): the tenant's stored
-- lookup tables with their effective-dated versions, the fields the variable catalogue reads that
-- the data model lacked, and the statutory tables seeded into the tenants that exist.

-- A lookup table the formulas read with LOOKUP(code, key[, "column"]): keyed (one row per key) or
-- band (rows by ascending inclusive upper bound, the last open). Its value columns are declared
-- once for all its versions: [{code, type, name, nameEn}] (services/pm/lookup-tables/validate.ts
-- checks them; a table is a few columns, so a json list rather than a child table).
CREATE TABLE payroll_lookup_tables (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  code varchar(50) NOT NULL,
  name varchar(200) NOT NULL,
  name_en varchar(200),
  kind varchar(8) NOT NULL,
  key_type varchar(16) NOT NULL,
  columns jsonb NOT NULL,
  description varchar(1000),
  status varchar(16) NOT NULL DEFAULT 'ACTIVE',
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  last_modified_at timestamptz NOT NULL DEFAULT now(),
  last_modified_by uuid,
  CONSTRAINT payroll_lookup_tables_pkey PRIMARY KEY (tenant_id, id),
  -- a formula name in upper case (names are matched case-insensitively, kept as declared)
  CONSTRAINT payroll_lookup_tables_code_check CHECK (code ~ '^[A-Z_][A-Z0-9_]*$'),
  CONSTRAINT payroll_lookup_tables_kind_check CHECK (kind IN ('keyed', 'band')),
  CONSTRAINT payroll_lookup_tables_key_type_check CHECK (key_type IN ('INTEGER', 'MONEY', 'DATE', 'DOUBLE',
    'PERCENT', 'TEXT', 'NUMBER', 'ENUM')),
  CONSTRAINT payroll_lookup_tables_band_key_check CHECK (kind <> 'band' OR key_type IN ('INTEGER', 'MONEY',
    'DOUBLE', 'PERCENT', 'NUMBER')),
  CONSTRAINT payroll_lookup_tables_columns_check CHECK (jsonb_typeof(columns) = 'array'),
  CONSTRAINT payroll_lookup_tables_status_check CHECK (status IN ('ACTIVE', 'INACTIVE')),
  CONSTRAINT payroll_lookup_tables_version_check CHECK (version >= 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX payroll_lookup_tables_code_key ON payroll_lookup_tables (tenant_id, code);
--> statement-breakpoint
SELECT hcm_secure_tenant_table('payroll_lookup_tables');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON payroll_lookup_tables TO hcm_app;
--> statement-breakpoint

-- A version of a table: its rows in force from a date until the next version's. Rows are
-- [{key, values: {column: value}}]; a band's key is its inclusive upper bound, null for the open
-- last band; a PERCENT value is the figure as the law writes it (5 for 5 %), given to formulas as
-- the fraction, as a '%' parameter is.
CREATE TABLE payroll_lookup_table_versions (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  table_id uuid NOT NULL,
  effective_from date NOT NULL,
  note varchar(1000),
  rows jsonb NOT NULL,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  last_modified_at timestamptz NOT NULL DEFAULT now(),
  last_modified_by uuid,
  CONSTRAINT payroll_lookup_table_versions_pkey PRIMARY KEY (tenant_id, id),
  CONSTRAINT payroll_lookup_table_versions_table_fkey FOREIGN KEY (tenant_id, table_id)
    REFERENCES payroll_lookup_tables (tenant_id, id) ON DELETE CASCADE,
  CONSTRAINT payroll_lookup_table_versions_rows_check CHECK (jsonb_typeof(rows) = 'array'),
  CONSTRAINT payroll_lookup_table_versions_version_check CHECK (version >= 1)
);
--> statement-breakpoint
-- one version a day per table; the version in force on a day is found by this index
CREATE UNIQUE INDEX payroll_lookup_table_versions_date_key
  ON payroll_lookup_table_versions (tenant_id, table_id, effective_from);
--> statement-breakpoint
SELECT hcm_secure_tenant_table('payroll_lookup_table_versions');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON payroll_lookup_table_versions TO hcm_app;
--> statement-breakpoint

-- CU_TRU: resident for personal income tax (the default; a non-resident is taxed 20 % flat).
ALTER TABLE workers ADD COLUMN tax_resident boolean NOT NULL DEFAULT true;
--> statement-breakpoint
-- BAC_LUONG: the worker's step (bậc) in their salary grade, which the payroll scale gives a
-- coefficient per grade and step (HE_SO_CHUC_VU); empty until HR records it.
ALTER TABLE workers ADD COLUMN salary_scale varchar(1);
--> statement-breakpoint
ALTER TABLE workers ADD CONSTRAINT workers_salary_scale_check
  CHECK (salary_scale IS NULL OR salary_scale IN ('1', '2', '3', '4', '5'));
--> statement-breakpoint
-- HOP_DONG_NET: the contract's salary is agreed net of insurance and tax (payroll grosses it up).
ALTER TABLE labor_contracts ADD COLUMN net_pay boolean NOT NULL DEFAULT false;
--> statement-breakpoint

-- The statutory tables (services/pm/statutory/data/tables.ts, STATUTORY_TABLES) for the tenants
-- that exist; a tenant made later gets them from the tenant seed's starter
-- (services/pm/lookup-tables/seed.ts). lookup-tables.test.ts holds this literal equal to the
-- data. The tables are new, so no tenant has edited them yet. The row policy is forced even for
-- the owner: each tenant's scope is set in turn, and cleared after.
DO $$
DECLARE
  t uuid;
  made uuid;
BEGIN
  FOR t IN SELECT id FROM tenants LOOP
    PERFORM set_config('app.tenant_id', t::text, true);
    INSERT INTO payroll_lookup_tables (tenant_id, code, name, name_en, kind, key_type, columns, description)
    VALUES (t, 'THUE_TNCN', 'Biểu thuế lũy tiến từng phần (tháng)', 'Progressive income tax bands (monthly)',
            'band', 'MONEY',
            '[{"code":"THUE_SUAT","type":"PERCENT","name":"Thuế suất","nameEn":"Rate"},{"code":"GIAM_TRU","type":"MONEY","name":"Số trừ (phương pháp rút gọn)","nameEn":"Subtraction (quick method)"}]'::jsonb,
            NULL)
    ON CONFLICT (tenant_id, code) DO NOTHING
    RETURNING id INTO made;
    IF made IS NOT NULL THEN
      INSERT INTO payroll_lookup_table_versions (tenant_id, table_id, effective_from, note, rows) VALUES
        (t, made, date '2009-01-01',
         'Luật Thuế TNCN 2007 Điều 22 (sửa đổi bởi Luật 26/2012/QH13); Thông tư 111/2013/TT-BTC Phụ lục 01/PL-TNCN',
         '[{"key":5000000,"values":{"THUE_SUAT":5,"GIAM_TRU":0}},{"key":10000000,"values":{"THUE_SUAT":10,"GIAM_TRU":250000}},{"key":18000000,"values":{"THUE_SUAT":15,"GIAM_TRU":750000}},{"key":32000000,"values":{"THUE_SUAT":20,"GIAM_TRU":1650000}},{"key":52000000,"values":{"THUE_SUAT":25,"GIAM_TRU":3250000}},{"key":80000000,"values":{"THUE_SUAT":30,"GIAM_TRU":5850000}},{"key":null,"values":{"THUE_SUAT":35,"GIAM_TRU":9850000}}]'::jsonb),
        (t, made, date '2026-01-01',
         'Luật Thuế TNCN (sửa đổi) 2025, biểu thuế 5 bậc từ kỳ tính thuế 2026',
         '[{"key":10000000,"values":{"THUE_SUAT":5,"GIAM_TRU":0}},{"key":30000000,"values":{"THUE_SUAT":10,"GIAM_TRU":500000}},{"key":60000000,"values":{"THUE_SUAT":20,"GIAM_TRU":3500000}},{"key":100000000,"values":{"THUE_SUAT":30,"GIAM_TRU":9500000}},{"key":null,"values":{"THUE_SUAT":35,"GIAM_TRU":14500000}}]'::jsonb);
    END IF;
  END LOOP;
  PERFORM set_config('app.tenant_id', '', true);
END $$;

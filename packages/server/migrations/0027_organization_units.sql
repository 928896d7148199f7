-- 0027 organisation units (Organisation › Organisation chart; catalogues §3 "Organisation unit"):
-- a tree of the tenant's company, branches, divisions, departments and teams. Made as an Admin
-- category table (code, name, description, priority, status, audit, RLS, grants, keyword
-- search), then given a longer name (issue 11: up to 255) and the unit's own columns.
SELECT hcm_create_category_table('organization_units');
--> statement-breakpoint
ALTER TABLE organization_units
  ALTER COLUMN name TYPE varchar(255),
  ADD COLUMN type_code varchar(16) NOT NULL DEFAULT 'PHONG',
  ADD COLUMN parent_id uuid,
  ADD COLUMN wage_region varchar(4),
  ADD COLUMN address varchar(200),
  ADD COLUMN phone varchar(20),
  ADD COLUMN email varchar(50),
  ADD COLUMN established_date date,
  ADD CONSTRAINT organization_units_type_code_check
    CHECK (type_code IN ('CONG_TY', 'CHI_NHANH', 'KHOI', 'PHONG', 'TO')),
  ADD CONSTRAINT organization_units_wage_region_check
    CHECK (wage_region IN ('I', 'II', 'III', 'IV')),
  -- a parent still holding units cannot be deleted (409); a loop is refused by the API
  ADD CONSTRAINT organization_units_parent_fkey
    FOREIGN KEY (tenant_id, parent_id) REFERENCES organization_units (tenant_id, id) ON DELETE RESTRICT;
--> statement-breakpoint
CREATE INDEX organization_units_parent_idx ON organization_units (tenant_id, parent_id);
--> statement-breakpoint
CREATE INDEX organization_units_type_idx ON organization_units (tenant_id, type_code, priority, id);
--> statement-breakpoint
-- Working groups (Admin › Working group) were a plain category until now; they are the units of
-- type TO (catalogues §9), so each becomes a top-level team with the same id, code and texts.
-- Row-level security is forced on both tables, also for their owner, who runs this with no
-- tenant set: lifted for the copy only, so that every tenant's rows move.
ALTER TABLE working_groups NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE organization_units NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
INSERT INTO organization_units
  (tenant_id, id, code, name, description, priority, status, version,
   created_at, created_by, last_modified_at, last_modified_by, type_code)
SELECT tenant_id, id, code, name, description, priority, status, version,
       created_at, created_by, last_modified_at, last_modified_by, 'TO'
FROM working_groups;
--> statement-breakpoint
ALTER TABLE organization_units FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
DROP TABLE working_groups;

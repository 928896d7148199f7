-- 0028 the organisation units a position leads (catalogues §3 "Position: parents, directUnits,
-- jointUnits"; issue 10): directly (position_direct_units) or jointly, as a second post
-- (position_joint_units). Each is a list of a `references` field, written with the position:
-- one row per (position, unit) in the order chosen (ordinal 0, 1, …). Tenant-leading keys; the
-- foreign key to the position carries the tenant and goes with it, the one to the unit carries
-- the tenant too (a row never names another tenant's unit) and keeps a unit still named from
-- being deleted (409). That a unit is not both direct and joint for one position is the API's
-- rule (400 on jointUnits).
CREATE TABLE position_direct_units (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  position_id uuid NOT NULL,
  organization_unit_id uuid NOT NULL,
  ordinal smallint NOT NULL,
  CONSTRAINT position_direct_units_pkey PRIMARY KEY (tenant_id, position_id, organization_unit_id),
  CONSTRAINT position_direct_units_position_fkey FOREIGN KEY (tenant_id, position_id)
    REFERENCES positions (tenant_id, id) ON DELETE CASCADE,
  CONSTRAINT position_direct_units_unit_fkey FOREIGN KEY (tenant_id, organization_unit_id)
    REFERENCES organization_units (tenant_id, id) ON DELETE RESTRICT,
  CONSTRAINT position_direct_units_ordinal_check CHECK (ordinal >= 0)
);
--> statement-breakpoint
-- deleting a unit looks here for positions that still name it
CREATE INDEX position_direct_units_unit_idx ON position_direct_units (tenant_id, organization_unit_id);
--> statement-breakpoint
SELECT hcm_secure_tenant_table('position_direct_units');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON position_direct_units TO hcm_app;
--> statement-breakpoint
CREATE TABLE position_joint_units (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  position_id uuid NOT NULL,
  organization_unit_id uuid NOT NULL,
  ordinal smallint NOT NULL,
  CONSTRAINT position_joint_units_pkey PRIMARY KEY (tenant_id, position_id, organization_unit_id),
  CONSTRAINT position_joint_units_position_fkey FOREIGN KEY (tenant_id, position_id)
    REFERENCES positions (tenant_id, id) ON DELETE CASCADE,
  CONSTRAINT position_joint_units_unit_fkey FOREIGN KEY (tenant_id, organization_unit_id)
    REFERENCES organization_units (tenant_id, id) ON DELETE RESTRICT,
  CONSTRAINT position_joint_units_ordinal_check CHECK (ordinal >= 0)
);
--> statement-breakpoint
CREATE INDEX position_joint_units_unit_idx ON position_joint_units (tenant_id, organization_unit_id);
--> statement-breakpoint
SELECT hcm_secure_tenant_table('position_joint_units');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON position_joint_units TO hcm_app;

-- 0013 military groups with their ranks, technical groups with their levels (catalogues §2.2,
-- §7.4). The groups are Admin categories; their ranks and levels are child rows written with
-- the group (the `children` kind): tenant-leading keys, a foreign key to the group that carries
-- the tenant (a row can never hang under another tenant's group) and cascades its delete, and
-- the row-level security of every tenant table. No keyword search over the child rows.
SELECT hcm_create_category_table('military_groups');
--> statement-breakpoint
SELECT hcm_create_category_table('technical_groups');
--> statement-breakpoint
CREATE TABLE military_group_ranks (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  group_id uuid NOT NULL,
  position smallint NOT NULL,
  code varchar(50) NOT NULL,
  name varchar(200) NOT NULL,
  coefficient numeric(10, 3),
  CONSTRAINT military_group_ranks_pkey PRIMARY KEY (tenant_id, group_id, position),
  CONSTRAINT military_group_ranks_group_fkey FOREIGN KEY (tenant_id, group_id)
    REFERENCES military_groups (tenant_id, id) ON DELETE CASCADE,
  CONSTRAINT military_group_ranks_position_check CHECK (position >= 0),
  CONSTRAINT military_group_ranks_coefficient_check CHECK (coefficient >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX military_group_ranks_code_key ON military_group_ranks (tenant_id, group_id, lower(code));
--> statement-breakpoint
SELECT hcm_secure_tenant_table('military_group_ranks');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON military_group_ranks TO hcm_app;
--> statement-breakpoint
CREATE TABLE technical_group_levels (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  group_id uuid NOT NULL,
  level_index smallint NOT NULL,
  name varchar(200) NOT NULL,
  coefficient numeric(10, 3),
  CONSTRAINT technical_group_levels_pkey PRIMARY KEY (tenant_id, group_id, level_index),
  CONSTRAINT technical_group_levels_group_fkey FOREIGN KEY (tenant_id, group_id)
    REFERENCES technical_groups (tenant_id, id) ON DELETE CASCADE,
  CONSTRAINT technical_group_levels_index_check CHECK (level_index BETWEEN 1 AND 20),
  CONSTRAINT technical_group_levels_coefficient_check CHECK (coefficient >= 0)
);
--> statement-breakpoint
SELECT hcm_secure_tenant_table('technical_group_levels');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON technical_group_levels TO hcm_app;

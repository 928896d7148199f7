-- 0011 the plain Admin categories of catalogues §2.2 (code, name, description, priority,
-- status): one statement each (migration 0009). Their contracts are the one-liners of
-- plainCategoryContracts in @hcm/contracts/categories.
SELECT hcm_create_category_table('job_positions');
--> statement-breakpoint
SELECT hcm_create_category_table('natures_of_work');
--> statement-breakpoint
SELECT hcm_create_category_table('occupations');
--> statement-breakpoint
SELECT hcm_create_category_table('subjects_of_labor');
--> statement-breakpoint
SELECT hcm_create_category_table('reward_types');
--> statement-breakpoint
SELECT hcm_create_category_table('discipline_types');
--> statement-breakpoint
SELECT hcm_create_category_table('working_groups');
--> statement-breakpoint
SELECT hcm_create_category_table('labor_natures');
--> statement-breakpoint
SELECT hcm_create_category_table('non_professional_titles');
--> statement-breakpoint
SELECT hcm_create_category_table('allowance_types');
--> statement-breakpoint
-- Positions: a category whose records form a tree (parent_id, same tenant; a parent still
-- holding children cannot be deleted: 409).
SELECT hcm_create_category_table('positions');
--> statement-breakpoint
ALTER TABLE positions ADD COLUMN parent_id uuid;
--> statement-breakpoint
ALTER TABLE positions ADD CONSTRAINT positions_parent_fkey
  FOREIGN KEY (tenant_id, parent_id) REFERENCES positions (tenant_id, id) ON DELETE RESTRICT;
--> statement-breakpoint
CREATE INDEX positions_parent_idx ON positions (tenant_id, parent_id);

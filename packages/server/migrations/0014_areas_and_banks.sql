-- banks (H3)
-- Admin › Bank (catalogues §2.1): an Admin category table (code, name, description, priority,
-- status; migration 0009) with the bank's short name. Listed by name by default (catalogues
-- §7.1), which the category's (tenant_id, name, id) index serves; the keyword also matches the
-- short name, so the trigram index covers it too.
SELECT hcm_create_category_table('banks');
--> statement-breakpoint
ALTER TABLE banks ADD COLUMN short_name varchar(36) NOT NULL;
--> statement-breakpoint
CREATE INDEX banks_short_name_idx ON banks (tenant_id, short_name, id);
--> statement-breakpoint
DROP INDEX banks_keyword_idx;
--> statement-breakpoint
CREATE INDEX banks_keyword_idx ON banks
  USING gin (tenant_id, code gin_trgm_ops, name gin_trgm_ops, short_name gin_trgm_ops);
-- (the areas are in 0017_areas.sql)

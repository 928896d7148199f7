-- ---------------------------------------------------------------------------------------
-- Vietnam's administrative areas (catalogues §3 "area", §7.4 "Area"): national reference data,
-- the same for every tenant, so no tenant_id. Two generations side by side:
--   CURRENT  the two-level model in force since 1 July 2025 (34 provinces, 3,321 wards)
--   FORMER   the 63 provinces, their districts and wards before it, for older addresses
-- The rows come from packages/server/seed-data/areas/*.tsv, loaded at start-up
-- (src/services/om/areas/load-areas.ts), not here: the files are the one copy of the data and a
-- correction ships as a new file, found by its checksum (area_sources) on the next start.
-- Every scope reads; only the owner connection (system scope, start-up) writes, and the
-- application role holds no write privilege at all: the API is read-only.
-- ---------------------------------------------------------------------------------------
CREATE TABLE areas (
  generation varchar(8) NOT NULL,
  code varchar(10) NOT NULL,
  type varchar(8) NOT NULL,
  parent_code varchar(10),
  name varchar(100) NOT NULL,
  short_name varchar(100) NOT NULL,
  division varchar(20) NOT NULL,
  search_text varchar(100) NOT NULL,
  CONSTRAINT areas_pkey PRIMARY KEY (generation, code),
  CONSTRAINT areas_generation_check CHECK (generation IN ('CURRENT', 'FORMER')),
  CONSTRAINT areas_type_check CHECK (type IN ('PROVINCE', 'DISTRICT', 'WARD')),
  CONSTRAINT areas_parent_check CHECK ((type = 'PROVINCE') = (parent_code IS NULL))
);
--> statement-breakpoint
-- No foreign key from parent_code to code: checking 14,000 rows' parents costs a fresh database
-- (every test server) a second or more on PGlite, and the rows only ever come from the data
-- files, whose parents the converter and the loader check (every parent exists, no code twice).
CREATE INDEX areas_parent_idx ON areas (generation, parent_code, code);
--> statement-breakpoint
-- Which data file each generation was loaded from: start-up reloads a generation only when its
-- file's checksum differs, so an ordinary start costs one small query.
CREATE TABLE area_sources (
  generation varchar(8) PRIMARY KEY,
  source varchar(200) NOT NULL,
  checksum varchar(64) NOT NULL,
  row_count integer NOT NULL,
  loaded_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT area_sources_generation_check CHECK (generation IN ('CURRENT', 'FORMER'))
);
--> statement-breakpoint
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON areas, area_sources FROM hcm_app;
--> statement-breakpoint
ALTER TABLE areas ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE areas FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY areas_read ON areas FOR SELECT USING (true);
--> statement-breakpoint
CREATE POLICY areas_system_writes ON areas FOR ALL
  USING (nullif(current_setting('app.tenant_id', true), '') IS NULL)
  WITH CHECK (nullif(current_setting('app.tenant_id', true), '') IS NULL);
--> statement-breakpoint
ALTER TABLE area_sources ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE area_sources FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY area_sources_read ON area_sources FOR SELECT USING (true);
--> statement-breakpoint
CREATE POLICY area_sources_system_writes ON area_sources FOR ALL
  USING (nullif(current_setting('app.tenant_id', true), '') IS NULL)
  WITH CHECK (nullif(current_setting('app.tenant_id', true), '') IS NULL);

-- 0046 each user's list settings (issue 27, deliverable 7): the columns they chose to see on a
-- list, and their saved views (named sets of filters, sort, keyword and columns) with at most one
-- default per list. Personal, so they follow the user from device to device; nobody else reads
-- them, not even an administrator of the same tenant: the policies confine every statement to
-- the calling tenant AND the calling user (app.user_id, set by inScope with app.tenant_id).
--
-- tenant_id is null for system users (they have lists too: tenants, licences, coefficients).
-- That is why these tables are keyed by id / (user_id, list_key) rather than led by tenant_id:
-- they hold a person's preferences, not tenant records, and are never referenced by one.
-- Bounds (name length, views per list, size of the saved state) are checked by the API with
-- clear errors; the CHECKs below are the last line.
CREATE TABLE list_views (
  id uuid NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
  tenant_id uuid REFERENCES tenants (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- the list it belongs to: the resource's API path ('om/workers')
  list_key varchar(100) NOT NULL,
  name varchar(60) NOT NULL,
  -- { keyword?, sortBy?, filters: {…}, columns?: [...] }
  state jsonb NOT NULL,
  is_default boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_modified_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT list_views_state_size_check CHECK (octet_length(state::text) <= 4096),
  CONSTRAINT list_views_name_check CHECK (length(btrim(name)) > 0)
);
--> statement-breakpoint
-- one name per user and list (case-insensitive), and the user's views of a list in one scan
CREATE UNIQUE INDEX list_views_name_key ON list_views (user_id, list_key, lower(name));
--> statement-breakpoint
-- at most one default view per user and list
CREATE UNIQUE INDEX list_views_default_key ON list_views (user_id, list_key) WHERE is_default;
--> statement-breakpoint
CREATE TABLE list_column_choices (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  list_key varchar(100) NOT NULL,
  tenant_id uuid REFERENCES tenants (id) ON DELETE CASCADE,
  -- the columns shown, in order
  columns jsonb NOT NULL,
  last_modified_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT list_column_choices_pkey PRIMARY KEY (user_id, list_key),
  CONSTRAINT list_column_choices_size_check CHECK (octet_length(columns::text) <= 4096)
);
--> statement-breakpoint
ALTER TABLE list_views ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE list_views FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY list_views_own_rows ON list_views
  USING (tenant_id IS NOT DISTINCT FROM nullif(current_setting('app.tenant_id', true), '')::uuid
         AND user_id = nullif(current_setting('app.user_id', true), '')::uuid)
  WITH CHECK (tenant_id IS NOT DISTINCT FROM nullif(current_setting('app.tenant_id', true), '')::uuid
              AND user_id = nullif(current_setting('app.user_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE list_column_choices ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE list_column_choices FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY list_column_choices_own_rows ON list_column_choices
  USING (tenant_id IS NOT DISTINCT FROM nullif(current_setting('app.tenant_id', true), '')::uuid
         AND user_id = nullif(current_setting('app.user_id', true), '')::uuid)
  WITH CHECK (tenant_id IS NOT DISTINCT FROM nullif(current_setting('app.tenant_id', true), '')::uuid
              AND user_id = nullif(current_setting('app.user_id', true), '')::uuid);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON list_views, list_column_choices TO hcm_app;

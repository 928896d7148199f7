-- 0061 check-in from the browser or a phone (issue 30 item 6, third bullet; docs/check-in.md).
--
-- A unit's check-in settings say which modes its workers may use: LOCATION (within a radius of
-- one of its work locations, the browser's coordinates and their accuracy), NETWORK (from one of
-- its public addresses or CIDR ranges, as the portal sees the request) and SELF_DECLARED (kept
-- PENDING until the worker's manager confirms it). A unit without a row inherits the nearest
-- ancestor's (the server walks organization_units.parent_id). A check-in that counts is a punch
-- in tm_punches with source WEB; tm_check_ins keeps its evidence and its client key, which makes
-- a phone's retry on a bad connection one check-in.
ALTER TABLE tm_punches DROP CONSTRAINT tm_punches_source_check;
--> statement-breakpoint
ALTER TABLE tm_punches ADD CONSTRAINT tm_punches_source_check
  CHECK (source IN ('DEVICE', 'IMPORT', 'MANUAL', 'WEB'));
--> statement-breakpoint
CREATE TABLE tm_check_in_settings (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  organization_unit_id uuid NOT NULL,
  allow_location boolean NOT NULL DEFAULT false,
  allow_network boolean NOT NULL DEFAULT false,
  allow_self_declared boolean NOT NULL DEFAULT false,
  -- the browser's accuracy circle larger than this: too uncertain to tell inside from outside
  max_accuracy_metres integer NOT NULL DEFAULT 100,
  description varchar(1000),
  status varchar(16) NOT NULL DEFAULT 'ACTIVE',
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  last_modified_at timestamptz NOT NULL DEFAULT now(),
  last_modified_by uuid,
  CONSTRAINT tm_check_in_settings_pkey PRIMARY KEY (tenant_id, id),
  CONSTRAINT tm_check_in_settings_unit_fkey FOREIGN KEY (tenant_id, organization_unit_id)
    REFERENCES organization_units (tenant_id, id) ON DELETE RESTRICT,
  CONSTRAINT tm_check_in_settings_accuracy_check CHECK (max_accuracy_metres BETWEEN 5 AND 5000),
  CONSTRAINT tm_check_in_settings_status_check CHECK (status IN ('ACTIVE', 'INACTIVE')),
  CONSTRAINT tm_check_in_settings_version_check CHECK (version >= 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX tm_check_in_settings_unit_key ON tm_check_in_settings (tenant_id, organization_unit_id);
--> statement-breakpoint
SELECT hcm_secure_tenant_table('tm_check_in_settings');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON tm_check_in_settings TO hcm_app;
--> statement-breakpoint
GRANT SELECT ON tm_check_in_settings TO hcm_search;
--> statement-breakpoint
CREATE POLICY tm_check_in_settings_keyword_search ON tm_check_in_settings FOR SELECT TO hcm_search USING (true);
--> statement-breakpoint
-- A unit's work locations, in the form's order: a point (WGS 84 degrees) and its radius.
CREATE TABLE tm_check_in_locations (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  settings_id uuid NOT NULL,
  position smallint NOT NULL,
  name varchar(200) NOT NULL,
  latitude numeric(9, 6) NOT NULL,
  longitude numeric(9, 6) NOT NULL,
  radius_metres integer NOT NULL,
  CONSTRAINT tm_check_in_locations_pkey PRIMARY KEY (tenant_id, settings_id, position),
  CONSTRAINT tm_check_in_locations_settings_fkey FOREIGN KEY (tenant_id, settings_id)
    REFERENCES tm_check_in_settings (tenant_id, id) ON DELETE CASCADE,
  CONSTRAINT tm_check_in_locations_position_check CHECK (position BETWEEN 0 AND 99),
  CONSTRAINT tm_check_in_locations_point_check CHECK (
    latitude BETWEEN -90 AND 90 AND longitude BETWEEN -180 AND 180),
  CONSTRAINT tm_check_in_locations_radius_check CHECK (radius_metres BETWEEN 10 AND 10000)
);
--> statement-breakpoint
SELECT hcm_secure_tenant_table('tm_check_in_locations');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON tm_check_in_locations TO hcm_app;
--> statement-breakpoint
-- A unit's allowed networks: an address or a CIDR range (IPv4 or IPv6), checked by the server.
CREATE TABLE tm_check_in_networks (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  settings_id uuid NOT NULL,
  position smallint NOT NULL,
  name varchar(200) NOT NULL,
  address varchar(50) NOT NULL,
  CONSTRAINT tm_check_in_networks_pkey PRIMARY KEY (tenant_id, settings_id, position),
  CONSTRAINT tm_check_in_networks_settings_fkey FOREIGN KEY (tenant_id, settings_id)
    REFERENCES tm_check_in_settings (tenant_id, id) ON DELETE CASCADE,
  CONSTRAINT tm_check_in_networks_position_check CHECK (position BETWEEN 0 AND 99),
  CONSTRAINT tm_check_in_networks_address_check CHECK (address::cidr IS NOT NULL)
);
--> statement-breakpoint
SELECT hcm_secure_tenant_table('tm_check_in_networks');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON tm_check_in_networks TO hcm_app;
--> statement-breakpoint
-- One check-in and its evidence. ACCEPTED (a punch was stored at checked_at), PENDING (a
-- self-declared one waiting for the manager), CONFIRMED (the manager said yes: the punch is
-- stored then, at checked_at), REFUSED (the manager said no: no punch). client_key is the
-- browser's key of the attempt: the same key again answers the stored check-in.
CREATE TABLE tm_check_ins (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  worker_id uuid NOT NULL,
  client_key varchar(64) NOT NULL,
  checked_at timestamptz NOT NULL,
  mode varchar(16) NOT NULL,
  status varchar(16) NOT NULL,
  -- the unit whose settings applied (the worker's own or the ancestor it inherits from)
  settings_unit_id uuid,
  latitude numeric(9, 6),
  longitude numeric(9, 6),
  accuracy_metres integer,
  distance_metres integer,
  location_name varchar(200),
  client_ip varchar(45),
  user_agent varchar(500),
  note varchar(500),
  decided_by uuid,
  decided_at timestamptz,
  decision_note varchar(500),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT tm_check_ins_pkey PRIMARY KEY (tenant_id, id),
  CONSTRAINT tm_check_ins_worker_fkey FOREIGN KEY (tenant_id, worker_id)
    REFERENCES workers (tenant_id, id) ON DELETE RESTRICT,
  CONSTRAINT tm_check_ins_mode_check CHECK (mode IN ('LOCATION', 'NETWORK', 'SELF_DECLARED')),
  CONSTRAINT tm_check_ins_status_check CHECK (status IN ('ACCEPTED', 'PENDING', 'CONFIRMED', 'REFUSED')),
  CONSTRAINT tm_check_ins_point_check CHECK (
    (latitude IS NULL OR latitude BETWEEN -90 AND 90) AND (longitude IS NULL OR longitude BETWEEN -180 AND 180))
);
--> statement-breakpoint
CREATE UNIQUE INDEX tm_check_ins_client_key ON tm_check_ins (tenant_id, worker_id, client_key);
--> statement-breakpoint
-- the worker's latest check-in (the rate limit) and today's list
CREATE INDEX tm_check_ins_worker_idx ON tm_check_ins (tenant_id, worker_id, checked_at DESC);
--> statement-breakpoint
CREATE INDEX tm_check_ins_pending_idx ON tm_check_ins (tenant_id, checked_at) WHERE status = 'PENDING';
--> statement-breakpoint
SELECT hcm_secure_tenant_table('tm_check_ins');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON tm_check_ins TO hcm_app;

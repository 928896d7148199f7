-- 0058 attendance devices (issue 30, docs/attendance-devices.md): the time clocks a tenant owns,
-- which worker is which PIN on which clock, the commands queued for each clock, the lines a clock
-- sent that were kept out of the punches, and the platform's register of serial numbers through
-- which the ZKTeco ADMS ("iclock") endpoint finds a clock's tenant without a user or a tenant header.
--
-- Punches themselves go to 0050's tm_punches (device_code = the serial number, attendance_code =
-- the PIN): the one idempotent store, keyed on (tenant, time, device, PIN).

-- Timekeeping › Devices › Timekeepers (catalogues §5.2: code 255, mac 20, gate 5). The serial is
-- unique across the platform: adms_serials below holds it once, bound to one tenant's device.
-- next_command_no numbers the device's commands (C:<n>: — devices keep short numeric ids);
-- attlog_stamp is the last Stamp the device gave with its punches, handed back at the handshake
-- so that it sends only what is newer.
CREATE TABLE tm_devices (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  code varchar(255) NOT NULL,
  name varchar(200) NOT NULL,
  serial_number varchar(50) NOT NULL,
  ip_address varchar(45),
  mac_address varchar(20),
  gate varchar(5),
  location varchar(200),
  time_zone varchar(64) NOT NULL DEFAULT 'Asia/Ho_Chi_Minh',
  description varchar(1000),
  last_seen_at timestamptz,
  last_seen_ip varchar(45),
  push_version varchar(20),
  attlog_stamp varchar(20),
  next_command_no integer NOT NULL DEFAULT 1,
  status varchar(16) NOT NULL DEFAULT 'ACTIVE',
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  last_modified_at timestamptz NOT NULL DEFAULT now(),
  last_modified_by uuid,
  CONSTRAINT tm_devices_pkey PRIMARY KEY (tenant_id, id),
  CONSTRAINT tm_devices_serial_number_check CHECK (serial_number ~ '^[A-Za-z0-9_.]{4,50}$'),
  CONSTRAINT tm_devices_next_command_no_check CHECK (next_command_no >= 1),
  CONSTRAINT tm_devices_status_check CHECK (status IN ('ACTIVE', 'INACTIVE')),
  CONSTRAINT tm_devices_version_check CHECK (version >= 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX tm_devices_code_key ON tm_devices (tenant_id, lower(code));
--> statement-breakpoint
CREATE UNIQUE INDEX tm_devices_serial_number_key ON tm_devices (tenant_id, lower(serial_number));
--> statement-breakpoint
CREATE INDEX tm_devices_code_idx ON tm_devices (tenant_id, code, id);
--> statement-breakpoint
CREATE INDEX tm_devices_name_idx ON tm_devices (tenant_id, name, id);
--> statement-breakpoint
CREATE INDEX tm_devices_last_seen_idx ON tm_devices (tenant_id, last_seen_at, id);
--> statement-breakpoint
CREATE INDEX tm_devices_keyword_idx ON tm_devices USING gin (tenant_id, code gin_trgm_ops, name gin_trgm_ops, serial_number gin_trgm_ops, location gin_trgm_ops);
--> statement-breakpoint
SELECT hcm_secure_tenant_table('tm_devices');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON tm_devices TO hcm_app;
--> statement-breakpoint
GRANT SELECT ON tm_devices TO hcm_search;
--> statement-breakpoint
CREATE POLICY tm_devices_keyword_search ON tm_devices FOR SELECT TO hcm_search USING (true);
--> statement-breakpoint

-- User access control: worker ↔ PIN per device. A PIN is unique per device; a worker has one PIN
-- per device. A worker or device still named here cannot be deleted (RESTRICT: 409 "in use").
CREATE TABLE tm_device_users (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  device_id uuid NOT NULL,
  worker_id uuid NOT NULL,
  pin varchar(24) NOT NULL,
  status varchar(16) NOT NULL DEFAULT 'ACTIVE',
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  last_modified_at timestamptz NOT NULL DEFAULT now(),
  last_modified_by uuid,
  CONSTRAINT tm_device_users_pkey PRIMARY KEY (tenant_id, id),
  CONSTRAINT tm_device_users_device_fkey FOREIGN KEY (tenant_id, device_id)
    REFERENCES tm_devices (tenant_id, id) ON DELETE RESTRICT,
  CONSTRAINT tm_device_users_worker_fkey FOREIGN KEY (tenant_id, worker_id)
    REFERENCES workers (tenant_id, id) ON DELETE RESTRICT,
  CONSTRAINT tm_device_users_pin_check CHECK (pin ~ '^[0-9A-Za-z]{1,24}$'),
  CONSTRAINT tm_device_users_status_check CHECK (status IN ('ACTIVE', 'INACTIVE')),
  CONSTRAINT tm_device_users_version_check CHECK (version >= 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX tm_device_users_pin_key ON tm_device_users (tenant_id, device_id, pin);
--> statement-breakpoint
CREATE UNIQUE INDEX tm_device_users_worker_key ON tm_device_users (tenant_id, device_id, worker_id);
--> statement-breakpoint
CREATE INDEX tm_device_users_pin_idx ON tm_device_users (tenant_id, pin, id);
--> statement-breakpoint
CREATE INDEX tm_device_users_worker_idx ON tm_device_users (tenant_id, worker_id);
--> statement-breakpoint
CREATE INDEX tm_device_users_keyword_idx ON tm_device_users USING gin (tenant_id, pin gin_trgm_ops);
--> statement-breakpoint
SELECT hcm_secure_tenant_table('tm_device_users');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON tm_device_users TO hcm_app;
--> statement-breakpoint
GRANT SELECT ON tm_device_users TO hcm_search;
--> statement-breakpoint
CREATE POLICY tm_device_users_keyword_search ON tm_device_users FOR SELECT TO hcm_search USING (true);
--> statement-breakpoint

-- A device's command queue: QUEUED until a heartbeat (GET /iclock/getrequest) hands it over,
-- SENT until the device acknowledges it (POST /iclock/devicecmd), then DONE (Return >= 0) or
-- FAILED (Return < 0, or no acknowledgement after the last attempt). command_no is what the
-- device sees in C:<command_no>:…
CREATE TABLE tm_device_commands (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  device_id uuid NOT NULL,
  command_no integer NOT NULL,
  command varchar(2000) NOT NULL,
  status varchar(8) NOT NULL DEFAULT 'QUEUED',
  return_code integer,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  sent_at timestamptz,
  acknowledged_at timestamptz,
  CONSTRAINT tm_device_commands_pkey PRIMARY KEY (tenant_id, device_id, command_no),
  CONSTRAINT tm_device_commands_device_fkey FOREIGN KEY (tenant_id, device_id)
    REFERENCES tm_devices (tenant_id, id) ON DELETE CASCADE,
  CONSTRAINT tm_device_commands_status_check CHECK (status IN ('QUEUED', 'SENT', 'DONE', 'FAILED')),
  CONSTRAINT tm_device_commands_attempts_check CHECK (attempts >= 0)
);
--> statement-breakpoint
-- what a heartbeat looks for: a device's commands still to send
CREATE INDEX tm_device_commands_open_idx ON tm_device_commands (tenant_id, device_id, command_no)
  WHERE status IN ('QUEUED', 'SENT');
--> statement-breakpoint
SELECT hcm_secure_tenant_table('tm_device_commands');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON tm_device_commands TO hcm_app;
--> statement-breakpoint

-- Lines a device sent that are not punches anyone can believe: a time before the clock could
-- have been right (a reset to 2000 after a power cut), far in the future, not a date at all, or
-- no PIN. Kept for an administrator to see, never in tm_punches. A device that sends the same
-- line again stores it once (the unique key, ON CONFLICT DO NOTHING).
CREATE TABLE tm_punch_quarantine (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  device_id uuid NOT NULL,
  serial_number varchar(50) NOT NULL,
  pin varchar(50),
  local_time varchar(19),
  reason varchar(16) NOT NULL,
  raw_line varchar(500) NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT tm_punch_quarantine_pkey PRIMARY KEY (tenant_id, id),
  CONSTRAINT tm_punch_quarantine_device_fkey FOREIGN KEY (tenant_id, device_id)
    REFERENCES tm_devices (tenant_id, id) ON DELETE CASCADE,
  CONSTRAINT tm_punch_quarantine_reason_check CHECK (reason IN ('BAD_LINE', 'BAD_PIN', 'BAD_TIME', 'CLOCK_PAST', 'CLOCK_FUTURE'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX tm_punch_quarantine_line_key ON tm_punch_quarantine (tenant_id, device_id, raw_line);
--> statement-breakpoint
CREATE INDEX tm_punch_quarantine_received_idx ON tm_punch_quarantine (tenant_id, received_at DESC, id);
--> statement-breakpoint
SELECT hcm_secure_tenant_table('tm_punch_quarantine');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON tm_punch_quarantine TO hcm_app;
--> statement-breakpoint

-- The platform's register of serial numbers: every serial that ever pushed, and the tenant's
-- device it is bound to (tenant_id and device_id both set) or none yet (both null: pending, for
-- a system administrator to accept into a tenant). Not a tenant's table: the /iclock endpoint
-- reads it in the system scope (app.tenant_id empty) before any tenant is known, and so does the
-- system administrator's list. A tenant's scope sees none of it: its policy admits the system
-- scope only. A tenant binds or frees its own devices' serials through the two SECURITY DEFINER
-- functions below, which see whether another tenant holds the serial and say only that.
CREATE TABLE adms_serials (
  serial_number varchar(50) PRIMARY KEY,
  tenant_id uuid,
  device_id uuid,
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz,
  source_ip varchar(45),
  push_version varchar(20),
  requests bigint NOT NULL DEFAULT 0,
  CONSTRAINT adms_serials_device_fkey FOREIGN KEY (tenant_id, device_id)
    REFERENCES tm_devices (tenant_id, id) ON DELETE CASCADE,
  CONSTRAINT adms_serials_binding_check CHECK ((tenant_id IS NULL) = (device_id IS NULL)),
  CONSTRAINT adms_serials_serial_number_check CHECK (serial_number = upper(serial_number))
);
--> statement-breakpoint
CREATE INDEX adms_serials_pending_idx ON adms_serials (last_seen_at DESC) WHERE tenant_id IS NULL;
--> statement-breakpoint
CREATE INDEX adms_serials_device_idx ON adms_serials (tenant_id, device_id);
--> statement-breakpoint
ALTER TABLE adms_serials ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE adms_serials FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY adms_serials_system_scope ON adms_serials
  USING (nullif(current_setting('app.tenant_id', true), '') IS NULL)
  WITH CHECK (nullif(current_setting('app.tenant_id', true), '') IS NULL);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON adms_serials TO hcm_app;
--> statement-breakpoint

-- Binds `serial` to the calling tenant's device `device` (a device created or its serial
-- changed). Answers 'BOUND', or 'TAKEN' when another device (of this tenant or another) holds it;
-- then nothing changes. The device's former serial, if any, is freed. The caller's tenant is
-- app.tenant_id, set by the request's scope; without one nothing is bound.
CREATE FUNCTION hcm_adms_bind_serial(serial varchar, device uuid) RETURNS text
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_catalog AS $$
DECLARE
  me uuid := nullif(current_setting('app.tenant_id', true), '')::uuid;
  wanted varchar := upper(serial);
  holder adms_serials%ROWTYPE;
BEGIN
  IF me IS NULL THEN
    RAISE EXCEPTION 'hcm_adms_bind_serial: no tenant in scope' USING ERRCODE = '42501';
  END IF;
  -- the owner reads past the policy: lifted for this transaction's statements of this function only
  PERFORM set_config('app.tenant_id', '', true);
  SELECT * INTO holder FROM adms_serials WHERE serial_number = wanted FOR UPDATE;
  IF FOUND AND holder.tenant_id IS NOT NULL AND (holder.tenant_id <> me OR holder.device_id <> device) THEN
    PERFORM set_config('app.tenant_id', me::text, true);
    RETURN 'TAKEN';
  END IF;
  DELETE FROM adms_serials WHERE tenant_id = me AND device_id = device AND serial_number <> wanted;
  INSERT INTO adms_serials (serial_number, tenant_id, device_id)
  VALUES (wanted, me, device)
  ON CONFLICT (serial_number) DO UPDATE SET tenant_id = me, device_id = device;
  PERFORM set_config('app.tenant_id', me::text, true);
  RETURN 'BOUND';
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION hcm_adms_bind_serial(varchar, uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION hcm_adms_bind_serial(varchar, uuid) TO hcm_app;
--> statement-breakpoint

-- Whether `serial` is free for the calling tenant's device `device` (none, or this device, holds
-- it): the record engine's check before a create or an update, so the answer is a field error.
CREATE FUNCTION hcm_adms_serial_free(serial varchar, device uuid) RETURNS boolean
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_catalog AS $$
DECLARE
  me uuid := nullif(current_setting('app.tenant_id', true), '')::uuid;
  holder_tenant uuid;
  holder_device uuid;
BEGIN
  IF me IS NULL THEN
    RETURN false;
  END IF;
  -- RLS is forced for the owner too: read the register in the system scope, then restore
  PERFORM set_config('app.tenant_id', '', true);
  SELECT tenant_id, device_id INTO holder_tenant, holder_device FROM adms_serials WHERE serial_number = upper(serial);
  PERFORM set_config('app.tenant_id', me::text, true);
  RETURN holder_tenant IS NULL OR (holder_tenant = me AND holder_device IS NOT DISTINCT FROM device);
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION hcm_adms_serial_free(varchar, uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION hcm_adms_serial_free(varchar, uuid) TO hcm_app;

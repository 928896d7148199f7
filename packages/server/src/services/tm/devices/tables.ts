import type { DeviceCommandStatus, QuarantineReason } from '@hcm/contracts/attendance-devices';
import { bigint, integer, pgTable, primaryKey, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, statusColumn, tenantKeyColumns } from '../../../db/tables/columns.ts';

/** The typed mirrors of migration 0058 (docs/attendance-devices.md). */

/** Timekeeping › Devices › Timekeepers: one time clock, known by its serial number. */
export const tmDevices = pgTable(
  'tm_devices',
  {
    ...tenantKeyColumns(),
    code: varchar('code', { length: 255 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    serialNumber: varchar('serial_number', { length: 50 }).notNull(),
    ipAddress: varchar('ip_address', { length: 45 }),
    macAddress: varchar('mac_address', { length: 20 }),
    gate: varchar('gate', { length: 5 }),
    location: varchar('location', { length: 200 }),
    timeZone: varchar('time_zone', { length: 64 }).notNull().default('Asia/Ho_Chi_Minh'),
    description: varchar('description', { length: 1000 }),
    /** written by the device's own requests (the /iclock endpoint), never by a form */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    lastSeenIp: varchar('last_seen_ip', { length: 45 }),
    pushVersion: varchar('push_version', { length: 20 }),
    /** the last Stamp the device gave with its punches, handed back at the handshake */
    attlogStamp: varchar('attlog_stamp', { length: 20 }),
    /** the number of the device's next command (C:<n>:) */
    nextCommandNo: integer('next_command_no').notNull().default(1),
    ...statusColumn(),
    ...auditColumns(),
  },
  (t) => [primaryKey({ name: 'tm_devices_pkey', columns: [t.tenantId, t.id] })],
);

/** User access control: worker ↔ PIN on one device. */
export const tmDeviceUsers = pgTable(
  'tm_device_users',
  {
    ...tenantKeyColumns(),
    deviceId: uuid('device_id').notNull(),
    workerId: uuid('worker_id').notNull(),
    pin: varchar('pin', { length: 24 }).notNull(),
    ...statusColumn(),
    ...auditColumns(),
  },
  (t) => [primaryKey({ name: 'tm_device_users_pkey', columns: [t.tenantId, t.id] })],
);

/** A device's command queue. */
export const tmDeviceCommands = pgTable(
  'tm_device_commands',
  {
    tenantId: uuid('tenant_id').notNull(),
    deviceId: uuid('device_id').notNull(),
    commandNo: integer('command_no').notNull(),
    command: varchar('command', { length: 2000 }).notNull(),
    status: varchar('status', { length: 8 }).$type<DeviceCommandStatus>().notNull().default('QUEUED'),
    returnCode: integer('return_code'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ name: 'tm_device_commands_pkey', columns: [t.tenantId, t.deviceId, t.commandNo] })],
);

/** Lines a device sent that were kept out of the punches. */
export const tmPunchQuarantine = pgTable(
  'tm_punch_quarantine',
  {
    ...tenantKeyColumns(),
    deviceId: uuid('device_id').notNull(),
    serialNumber: varchar('serial_number', { length: 50 }).notNull(),
    pin: varchar('pin', { length: 50 }),
    localTime: varchar('local_time', { length: 19 }),
    reason: varchar('reason', { length: 16 }).$type<QuarantineReason>().notNull(),
    rawLine: varchar('raw_line', { length: 500 }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'tm_punch_quarantine_pkey', columns: [t.tenantId, t.id] })],
);

/** The platform's register of serials (system scope only): bound to a tenant's device, or pending. */
export const admsSerials = pgTable('adms_serials', {
  serialNumber: varchar('serial_number', { length: 50 }).primaryKey(),
  tenantId: uuid('tenant_id'),
  deviceId: uuid('device_id'),
  firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
  sourceIp: varchar('source_ip', { length: 45 }),
  pushVersion: varchar('push_version', { length: 20 }),
  requests: bigint('requests', { mode: 'number' }).notNull().default(0),
});

/** The devices' tables, for the schema check (services/tables.ts). */
export const deviceTables = {
  tmDevices,
  tmDeviceUsers,
  tmDeviceCommands,
  tmPunchQuarantine,
  admsSerials,
};

import type { CheckInMode, CheckInStatus } from '@hcm/contracts/check-in';
import {
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { auditColumns, statusColumn, tenantKeyColumns } from '../../../db/tables/columns.ts';

/** The typed mirror of migration 0061's tm_check_in_settings: a unit's check-in modes (docs/check-in.md). */
export const tmCheckInSettings = pgTable(
  'tm_check_in_settings',
  {
    ...tenantKeyColumns(),
    organizationUnitId: uuid('organization_unit_id').notNull(),
    allowLocation: boolean('allow_location').notNull().default(false),
    allowNetwork: boolean('allow_network').notNull().default(false),
    allowSelfDeclared: boolean('allow_self_declared').notNull().default(false),
    maxAccuracyMetres: integer('max_accuracy_metres').notNull().default(100),
    description: varchar('description', { length: 1000 }),
    ...statusColumn(),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ name: 'tm_check_in_settings_pkey', columns: [t.tenantId, t.id] }),
    uniqueIndex('tm_check_in_settings_unit_key').on(t.tenantId, t.organizationUnitId),
  ],
);

/** A unit's work locations, in the form's order. */
export const tmCheckInLocations = pgTable(
  'tm_check_in_locations',
  {
    tenantId: uuid('tenant_id').notNull(),
    settingsId: uuid('settings_id').notNull(),
    position: smallint('position').notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    latitude: numeric('latitude', { precision: 9, scale: 6 }).notNull(),
    longitude: numeric('longitude', { precision: 9, scale: 6 }).notNull(),
    radiusMetres: integer('radius_metres').notNull(),
  },
  (t) => [
    primaryKey({ name: 'tm_check_in_locations_pkey', columns: [t.tenantId, t.settingsId, t.position] }),
  ],
);

/** A unit's allowed networks (an address or a CIDR range), in the form's order. */
export const tmCheckInNetworks = pgTable(
  'tm_check_in_networks',
  {
    tenantId: uuid('tenant_id').notNull(),
    settingsId: uuid('settings_id').notNull(),
    position: smallint('position').notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    address: varchar('address', { length: 50 }).notNull(),
  },
  (t) => [primaryKey({ name: 'tm_check_in_networks_pkey', columns: [t.tenantId, t.settingsId, t.position] })],
);

/** One check-in and its evidence (migration 0061). */
export const tmCheckIns = pgTable(
  'tm_check_ins',
  {
    ...tenantKeyColumns(),
    workerId: uuid('worker_id').notNull(),
    clientKey: varchar('client_key', { length: 64 }).notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
    mode: varchar('mode', { length: 16 }).$type<CheckInMode>().notNull(),
    status: varchar('status', { length: 16 }).$type<CheckInStatus>().notNull(),
    settingsUnitId: uuid('settings_unit_id'),
    latitude: numeric('latitude', { precision: 9, scale: 6 }),
    longitude: numeric('longitude', { precision: 9, scale: 6 }),
    accuracyMetres: integer('accuracy_metres'),
    distanceMetres: integer('distance_metres'),
    locationName: varchar('location_name', { length: 200 }),
    clientIp: varchar('client_ip', { length: 45 }),
    userAgent: varchar('user_agent', { length: 500 }),
    note: varchar('note', { length: 500 }),
    decidedBy: uuid('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionNote: varchar('decision_note', { length: 500 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'tm_check_ins_pkey', columns: [t.tenantId, t.id] }),
    uniqueIndex('tm_check_ins_client_key').on(t.tenantId, t.workerId, t.clientKey),
    index('tm_check_ins_worker_idx').on(t.tenantId, t.workerId, t.checkedAt.desc()),
  ],
);

/** The check-in tables, for the schema check (services/tables.ts). */
export const checkInTables = { tmCheckInSettings, tmCheckInLocations, tmCheckInNetworks, tmCheckIns };

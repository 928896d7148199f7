import { defineContract, f, label } from '@hcm/contracts/resource';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.ts';
import { tenants } from '../../db/schema.ts';

/**
 * A scratch resource for the binding's own tests: one table with a column of each kind the
 * binding serves, created in the test's own database (never by a migration). Its contracts use
 * the permission job_title (a TENANT resource of module OM), at paths of their own.
 */
export const scratchThings = pgTable(
  'scratch_things',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: uuid('id').notNull().defaultRandom(),
    code: varchar('code', { length: 50 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }),
    paid: boolean('paid'),
    startsOn: date('starts_on', { mode: 'string' }),
    unitId: uuid('unit_id'),
    parentId: uuid('parent_id'),
    ownerId: uuid('owner_id'),
    status: varchar('status', { length: 16 }).notNull().default('ACTIVE'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by'),
    lastModifiedAt: timestamp('last_modified_at', { withTimezone: true }).notNull().defaultNow(),
    lastModifiedBy: uuid('last_modified_by'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

/** The units a scratch thing may belong to (the target of its reference field). */
export const scratchUnits = pgTable(
  'scratch_units',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    name: varchar('name', { length: 200 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

/** The things a scratch thing names as related (a references field), in the order chosen. */
export const scratchThingLinks = pgTable(
  'scratch_thing_links',
  {
    tenantId: uuid('tenant_id').notNull(),
    thingId: uuid('thing_id').notNull(),
    relatedId: uuid('related_id').notNull(),
    ordinal: smallint('ordinal').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.thingId, t.relatedId] })],
);

/**
 * Creates the links table (after createScratchTables): removed with its thing, and a related
 * thing cannot be deleted while it is named (ON DELETE RESTRICT), as a migration would say.
 */
export async function createScratchLinkTable(db: Db): Promise<void> {
  for (const statement of [
    sql`create table scratch_thing_links (tenant_id uuid not null references tenants (id), thing_id uuid not null,
        related_id uuid not null, ordinal smallint not null, primary key (tenant_id, thing_id, related_id),
        foreign key (tenant_id, thing_id) references scratch_things (tenant_id, id) on delete cascade,
        foreign key (tenant_id, related_id) references scratch_things (tenant_id, id) on delete restrict)`,
    sql`select hcm_secure_tenant_table('scratch_thing_links')`,
    sql`grant select, insert, update, delete on scratch_thing_links to hcm_app`,
  ])
    await db.execute(statement);
}

/** Creates both tables with tenant-leading foreign keys, row-level security and keyword search. */
export async function createScratchTables(db: Db): Promise<void> {
  for (const statement of [
    sql`create table scratch_units (tenant_id uuid not null references tenants (id), id uuid not null default gen_random_uuid(),
        name varchar(200) not null, primary key (tenant_id, id))`,
    sql`create table scratch_things (tenant_id uuid not null references tenants (id), id uuid not null default gen_random_uuid(),
        code varchar(50) not null, name varchar(200) not null, amount numeric(18, 2), paid boolean, starts_on date,
        unit_id uuid, parent_id uuid, owner_id uuid, status varchar(16) not null default 'ACTIVE',
        version integer not null default 1, created_at timestamptz not null default now(), created_by uuid,
        last_modified_at timestamptz not null default now(), last_modified_by uuid,
        primary key (tenant_id, id),
        foreign key (tenant_id, unit_id) references scratch_units (tenant_id, id),
        foreign key (tenant_id, parent_id) references scratch_things (tenant_id, id))`,
    sql`create unique index scratch_things_code_key on scratch_things (tenant_id, lower(code))`,
    sql`select hcm_secure_tenant_table('scratch_units')`,
    sql`select hcm_secure_tenant_table('scratch_things')`,
    sql`grant select, insert, update, delete on scratch_units, scratch_things to hcm_app`,
    sql`grant select on scratch_things to hcm_search`,
    sql`create policy scratch_things_keyword_search on scratch_things for select to hcm_search using (true)`,
  ])
    await db.execute(statement);
}

const l = (key: string, text: string) => label(`test.scratch.${key}`, text, text);

const fields = {
  code: f.code(),
  name: f.text({ label: l('name', 'Name'), maxLength: 200, required: true }),
  amount: f.money({ label: l('amount', 'Amount') }),
  paid: f.boolean({ label: l('paid', 'Paid') }),
  startsOn: f.date({ label: l('startsOn', 'Starts on') }),
  unitId: f.reference({
    label: l('unit', 'Unit'),
    target: { resource: 'org_unit', apiPath: '/api/om/units', display: 'name' },
  }),
  parentId: f.treeParent(),
  status: f.status(),
};

/** A contract over the scratch table at /api/om/{path}. */
export const scratchContract = (path: string, without: readonly ('delete' | 'import')[] = []) =>
  defineContract({
    service: 'om',
    path,
    route: `/setting/${path}`,
    permission: 'job_title',
    level: 'tenant',
    title: l('title', 'Scratch things'),
    singular: l('singular', 'Scratch thing'),
    fields,
    columns: ['code', 'name', 'amount', 'paid', 'startsOn', 'status'],
    keyword: ['code', 'name'],
    filters: ['status', 'paid'],
    sort: ['code', 'amount', 'createdAt'],
    defaultSort: { field: 'code', direction: 'asc' },
    without,
  });

/** The scratch contract with `related`: up to 3 other scratch things, by id, shown by name. */
export const scratchLinksContract = (path: string) =>
  defineContract({
    service: 'om',
    path,
    route: `/setting/${path}`,
    permission: 'job_title',
    level: 'tenant',
    title: l('title', 'Scratch things'),
    singular: l('singular', 'Scratch thing'),
    fields: {
      ...fields,
      related: f.references({
        label: l('related', 'Related'),
        target: { resource: 'job_title', apiPath: `/api/om/${path}`, display: 'name' },
        maxItems: 3,
      }),
    },
    columns: ['code', 'name', 'related', 'status'],
    keyword: ['code', 'name'],
    filters: ['status'],
    sort: ['code', 'createdAt'],
    defaultSort: { field: 'code', direction: 'asc' },
    exportColumns: ['code', 'name', 'related'],
  });

import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

/* The typed mirror of migration 0024's API clients (services/iam/clients). */

/** A tenant's API clients (no secret: see apiClientSecrets). */
export const apiClients = pgTable(
  'api_clients',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    clientId: varchar('client_id', { length: 64 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    description: varchar('description', { length: 1000 }),
    scopes: text('scopes')
      .array()
      .notNull()
      .default(sql`'{}'`),
    status: varchar('status', { length: 16 }).$type<'ACTIVE' | 'REVOKED'>().notNull().default('ACTIVE'),
    expiresOn: date('expires_on'),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    secretGeneration: uuid('secret_generation').notNull(),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by'),
    lastModifiedAt: timestamp('last_modified_at', { withTimezone: true }).notNull().defaultNow(),
    lastModifiedBy: uuid('last_modified_by'),
  },
  (t) => [
    primaryKey({ name: 'api_clients_pkey', columns: [t.tenantId, t.id] }),
    uniqueIndex('api_clients_client_id_key').on(t.clientId),
    index('api_clients_created_at_idx').on(t.tenantId, t.createdAt.desc(), t.id),
  ],
);

/** Client secrets as SHA-256, by public client id: the owner connection's alone. */
export const apiClientSecrets = pgTable('api_client_secrets', {
  clientId: varchar('client_id', { length: 64 }).primaryKey(),
  tenantId: uuid('tenant_id').notNull(),
  apiClientId: uuid('api_client_id').notNull(),
  secretHash: varchar('secret_hash', { length: 64 }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type ApiClientRow = typeof apiClients.$inferSelect;

export const apiClientTables = { apiClients, apiClientSecrets };

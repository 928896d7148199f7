import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  foreignKey,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { AccountType, ApplicationModule, Language, Status, UserLevel } from '@hcm/contracts';
import type { DataScopeValue } from '@hcm/contracts/users-roles';
import { areaTables } from './tables/areas.ts';
import { fileTables } from './tables/files.ts';
import { holidayTables } from './tables/holidays.ts';
import { messageTemplateTables } from './tables/message-templates.ts';
import { outboundLogTables } from './tables/outbound-logs.ts';
import { workflowTemplateTables } from './tables/workflow-templates.ts';
import { configurationTables } from './tables/system-configuration.ts';
import { approvalTables } from './tables/approvals.ts';
import { recordNumberingTables } from './tables/record-numbering.ts';

/**
 * The typed mirror of migrations/*.sql for drizzle's query builder: only the engine's tables
 * (tenants, users, roles, sign-in sessions and tokens, licences, the action log, and those of
 * db/tables); the modules keep theirs in services/<module>/tables. engine-tables.test.ts fails on
 * a table here that no engine code imports, unless it is one of the platform's sign-in, access
 * and licensing tables it lists. The SQL files are the source of truth; db/schema.test.ts checks
 * the columns named here against the database. Names stay snake_case in SQL and camelCase in
 * TypeScript.
 */

const timestamps = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  createdBy: uuid('created_by'),
  lastModifiedAt: timestamp('last_modified_at', { withTimezone: true }).notNull().defaultNow(),
  lastModifiedBy: uuid('last_modified_by'),
});

export const tenants = pgTable(
  'tenants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: varchar('code', { length: 50 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    /** SUSPENDED by a system administrator (migrations/0019); INACTIVE means the same to sign-in */
    status: varchar('status', { length: 16 }).$type<Status | 'SUSPENDED'>().notNull().default('ACTIVE'),
    ...timestamps(),
    /** the tenant record of System › Tenants (migrations/0019) */
    taxCode: varchar('tax_code', { length: 14 }),
    address: varchar('address', { length: 200 }),
    contactName: varchar('contact_name', { length: 200 }),
    contactEmail: varchar('contact_email', { length: 50 }),
    contactPhone: varchar('contact_phone', { length: 20 }),
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspensionReason: varchar('suspension_reason', { length: 500 }),
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('tenants_code_key').on(sql`lower(${t.code})`)],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'restrict' }),
    username: varchar('username', { length: 100 }).notNull(),
    fullName: varchar('full_name', { length: 200 }).notNull(),
    email: varchar('email', { length: 50 }),
    /** migrations/0015 */
    phone: varchar('phone', { length: 20 }),
    passwordHash: text('password_hash'),
    isRoot: boolean('is_root').notNull().default(false),
    userLevel: varchar('user_level', { length: 16 }).$type<UserLevel>().notNull(),
    accountType: varchar('account_type', { length: 16 }).$type<AccountType>().notNull().default('EMPLOYEE'),
    language: varchar('language', { length: 2 }).$type<Language>().notNull().default('vi'),
    status: varchar('status', { length: 16 }).$type<Status>().notNull().default('ACTIVE'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** set by someone else: the user must choose their own at sign-in (migrations/0026) */
    passwordChangeRequired: boolean('password_change_required').notNull().default(false),
    /** the directory entry the user was made from: signs in by the directory (migrations/0030) */
    directoryDn: varchar('directory_dn', { length: 1000 }),
    ...timestamps(),
    /** optimistic locking of the administration pages (migrations/0015) */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    index('users_tenant_id_idx').on(t.tenantId),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    secretKeyHash: varchar('secret_key_hash', { length: 64 }).notNull(),
    rememberMe: boolean('remember_me').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    replacedBy: uuid('replaced_by').references((): AnyPgColumn => refreshTokens.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** when it was rotated: the start of its reuse grace window (migrations/0007) */
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
    /** its successor token set, sealed under a key derived from this token (tokens/successor-seal.ts) */
    successorSealed: text('successor_sealed'),
  },
  (t) => [
    uniqueIndex('refresh_tokens_token_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_id_idx').on(t.familyId),
    index('refresh_tokens_user_id_idx').on(t.userId),
    index('refresh_tokens_expires_at_idx').on(t.expiresAt),
  ],
);

/**
 * One row per sign-in (= refresh-token family, the access token's `sid`), checked on every
 * request (migrations/0007). The application role only reads it, under the tenant policy.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    rememberMe: boolean('remember_me').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** the absolute end: no refresh after it, whatever the refresh token says */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

export const serverSecrets = pgTable('server_secrets', {
  name: varchar('name', { length: 100 }).primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// Sign-in protection (migrations/0004, 0008): failures and locks per (user name, client address), challenges.

export const signInFailures = pgTable(
  'sign_in_failures',
  {
    usernameKey: varchar('username_key', { length: 100 }).notNull(),
    /** the client address (IPv6 by /64): a lock holds for this (name, address) pair (migrations/0008) */
    clientKey: varchar('client_key', { length: 64 }).notNull(),
    failureCount: integer('failure_count').notNull(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** locks of this pair since its last success: each one lasts twice as long */
    lockCount: integer('lock_count').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'sign_in_failures_pkey', columns: [t.usernameKey, t.clientKey] }),
    index('sign_in_failures_last_failed_at_idx').on(t.lastFailedAt),
  ],
);

/** Proof-of-work challenges (migrations/0008): only SHA-256 of the prefix handed out is kept. */
export const captchaChallenges = pgTable(
  'captcha_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    prefixHash: varchar('prefix_hash', { length: 64 }).notNull(),
    difficulty: smallint('difficulty').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('captcha_challenges_expires_at_idx').on(t.expiresAt)],
);

// Tenancy and access (migrations/0002). Tenant-owned tables lead every key with tenant_id.

export const roles = pgTable(
  'roles',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    code: varchar('code', { length: 50 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    description: varchar('description', { length: 1000 }),
    status: varchar('status', { length: 16 }).$type<Status>().notNull().default('ACTIVE'),
    /** which employees' records the role reaches (migration 0035) */
    dataScope: varchar('data_scope', { length: 8 }).$type<DataScopeValue>().notNull().default('TENANT'),
    ...timestamps(),
    version: integer('version').notNull().default(1),
    /** the tenant's administrator role: never deleted or changed (migrations/0015) */
    builtIn: boolean('built_in').notNull().default(false),
  },
  (t) => [
    primaryKey({ name: 'roles_pkey', columns: [t.tenantId, t.id] }),
    uniqueIndex('roles_code_key').on(t.tenantId, sql`lower(${t.code})`),
  ],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    tenantId: uuid('tenant_id').notNull(),
    roleId: uuid('role_id').notNull(),
    permission: varchar('permission', { length: 100 }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'role_permissions_pkey', columns: [t.tenantId, t.roleId, t.permission] }),
    foreignKey({
      name: 'role_permissions_role_fkey',
      columns: [t.tenantId, t.roleId],
      foreignColumns: [roles.tenantId, roles.id],
    }).onDelete('cascade'),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    tenantId: uuid('tenant_id').notNull(),
    userId: uuid('user_id').notNull(),
    roleId: uuid('role_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by'),
  },
  (t) => [
    primaryKey({ name: 'user_roles_pkey', columns: [t.tenantId, t.userId, t.roleId] }),
    foreignKey({
      name: 'user_roles_user_fkey',
      columns: [t.tenantId, t.userId],
      foreignColumns: [users.tenantId, users.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'user_roles_role_fkey',
      columns: [t.tenantId, t.roleId],
      foreignColumns: [roles.tenantId, roles.id],
    }).onDelete('cascade'),
    index('user_roles_role_idx').on(t.tenantId, t.roleId),
  ],
);

// System roles (migrations/0002): the grants of non-root system users. Global, not tenant-owned.

export const systemRoles = pgTable(
  'system_roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: varchar('code', { length: 50 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    description: varchar('description', { length: 1000 }),
    status: varchar('status', { length: 16 }).$type<Status>().notNull().default('ACTIVE'),
    /** always TENANT: a system role reaches no tenant's employees (migration 0035) */
    dataScope: varchar('data_scope', { length: 8 }).$type<DataScopeValue>().notNull().default('TENANT'),
    ...timestamps(),
    version: integer('version').notNull().default(1),
    /** a built-in system role: never deleted or changed (migrations/0015) */
    builtIn: boolean('built_in').notNull().default(false),
  },
  (t) => [uniqueIndex('system_roles_code_key').on(sql`lower(${t.code})`)],
);

export const systemRolePermissions = pgTable(
  'system_role_permissions',
  {
    roleId: uuid('role_id')
      .notNull()
      .references(() => systemRoles.id, { onDelete: 'cascade' }),
    permission: varchar('permission', { length: 100 }).notNull(),
  },
  (t) => [primaryKey({ name: 'system_role_permissions_pkey', columns: [t.roleId, t.permission] })],
);

export const systemUserRoles = pgTable(
  'system_user_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => systemRoles.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by'),
  },
  (t) => [
    primaryKey({ name: 'system_user_roles_pkey', columns: [t.userId, t.roleId] }),
    index('system_user_roles_role_idx').on(t.roleId),
  ],
);

// Service packs and licences (migrations/0002). Global: administered by system users.

export const servicePacks = pgTable(
  'service_packs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: varchar('code', { length: 50 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    /** VND, whole dong (numeric in SQL, never a binary float; read as a number: at most 15 digits, exact in a double) */
    price: numeric('price', { precision: 15, scale: 0, mode: 'number' }).notNull().default(0),
    /** months */
    duration: integer('duration').notNull(),
    description: varchar('description', { length: 1000 }),
    status: varchar('status', { length: 16 }).$type<Status>().notNull().default('ACTIVE'),
    ...timestamps(),
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('service_packs_code_key').on(sql`lower(${t.code})`)],
);

export const servicePackPrivileges = pgTable(
  'service_pack_privileges',
  {
    servicePackId: uuid('service_pack_id')
      .notNull()
      .references(() => servicePacks.id, { onDelete: 'cascade' }),
    module: varchar('module', { length: 16 }).$type<ApplicationModule>().notNull(),
  },
  (t) => [primaryKey({ name: 'service_pack_privileges_pkey', columns: [t.servicePackId, t.module] })],
);

export const tenantSubscriptions = pgTable(
  'tenant_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    servicePackId: uuid('service_pack_id')
      .notNull()
      .references(() => servicePacks.id, { onDelete: 'restrict' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    ...timestamps(),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('tenant_subscriptions_tenant_idx').on(t.tenantId, t.endsAt)],
);

/** One-time set-password links of new tenant administrators (migrations/0019): owner only. */
export const passwordSetTokens = pgTable(
  'password_set_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by'),
  },
  (t) => [
    uniqueIndex('password_set_tokens_token_hash_key').on(t.tokenHash),
    index('password_set_tokens_user_id_idx').on(t.userId),
  ],
);

// The action log (migrations/0003, 0051): every resource write records its changes here.

const actionLogColumns = () => ({
  userId: uuid('user_id'),
  resource: varchar('resource', { length: 100 }).notNull(),
  recordId: varchar('record_id', { length: 100 }),
  action: varchar('action', { length: 32 }).notNull(),
  changes: jsonb('changes')
    .$type<Record<string, { before: unknown; after: unknown }>>()
    .notNull()
    .default({}),
  ip: varchar('ip', { length: 64 }),
  userAgent: varchar('user_agent', { length: 500 }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A tenant user's actions (tenant-owned), partitioned by month of created_at (migration 0051;
 * months begin at +07), purged past each tenant's retention (resources/action-log/retention.ts).
 */
export const actionLogs = pgTable(
  'action_logs',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    ...actionLogColumns(),
  },
  (t) => [
    // a partitioned table's key holds its partition key
    primaryKey({ name: 'action_logs_pkey', columns: [t.tenantId, t.createdAt, t.id] }),
    index('action_logs_created_at_idx').on(t.tenantId, t.createdAt.desc(), t.id),
    index('action_logs_record_idx').on(t.tenantId, t.resource, t.recordId),
  ],
);

/** A system user's actions (no tenant; system scope only). */
export const systemActionLogs = pgTable(
  'system_action_logs',
  { id: uuid('id').primaryKey().defaultRandom(), ...actionLogColumns() },
  (t) => [
    index('system_action_logs_created_at_idx').on(t.createdAt.desc(), t.id),
    index('system_action_logs_record_idx').on(t.resource, t.recordId),
  ],
);

export const schema = {
  ...holidayTables,
  ...areaTables,
  ...fileTables,
  ...outboundLogTables,
  ...messageTemplateTables,
  ...workflowTemplateTables,
  ...configurationTables,
  ...approvalTables,
  ...recordNumberingTables,
  actionLogs,
  systemActionLogs,
  tenants,
  users,
  refreshTokens,
  sessions,
  serverSecrets,
  signInFailures,
  captchaChallenges,
  roles,
  rolePermissions,
  userRoles,
  systemRoles,
  systemRolePermissions,
  systemUserRoles,
  servicePacks,
  servicePackPrivileges,
  tenantSubscriptions,
  passwordSetTokens,
};

export type TenantRow = typeof tenants.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type RoleRow = typeof roles.$inferSelect;
export type SystemRoleRow = typeof systemRoles.$inferSelect;
export type ServicePackRow = typeof servicePacks.$inferSelect;
export type TenantSubscriptionRow = typeof tenantSubscriptions.$inferSelect;

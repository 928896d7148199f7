import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schemaExports from './db/schema.ts';
import { resolveServerPaths } from './paths.ts';

/*
 * The engine's tables (src/db/tables and those src/db/schema.ts defines) are only tables the
 * engine itself reads or writes: a table only modules use belongs to its module
 * (services/<module>/tables), listed by services/tables.ts. ESLint keeps the engine from
 * importing a module (engine-boundary.test.ts); this keeps module tables from sitting in the engine.
 */
const src = join(resolveServerPaths().serverRoot, 'src');
const tablesDir = join(src, 'db', 'tables');
const tableFiles = readdirSync(tablesDir).filter(
  (name) => name.endsWith('.ts') && !name.endsWith('.test.ts'),
);

/** The engine's own code: not its tests or test support, nor the table files and schema.ts, which list every table. */
const engineSources = ['db', 'http', 'resources', 'jobs', 'bulk']
  .flatMap((folder) =>
    readdirSync(join(src, folder), { recursive: true, encoding: 'utf8' }).map((file) =>
      join(src, folder, file),
    ),
  )
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.includes('/testing/'))
  .filter((file) => dirname(file) !== tablesDir && file !== join(src, 'db', 'schema.ts'));

const importedFiles = new Set(
  engineSources.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/from '(\.{1,2}\/[^']+)'/g)].map((m) =>
      resolve(dirname(file), m[1] as string),
    ),
  ),
);
const usedByEngine = (file: string) => importedFiles.has(file);

/** The names engine code imports from db/schema.ts (`import { users, type TenantRow } from …`). */
const schemaFile = join(src, 'db', 'schema.ts');
const importedFromSchema = new Set(
  engineSources.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*'(\.{1,2}\/[^']+)'/g)]
      .filter((m) => resolve(dirname(file), m[2] as string) === schemaFile)
      .flatMap((m) => (m[1] as string).split(','))
      .map(
        (name) =>
          name
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0] as string,
      ),
  ),
);

/*
 * The tables schema.ts defines that no engine code reads: the platform's sign-in, access and
 * licensing tables, which services/iam, system and tenant read but which stay the engine's
 * (issue 28). Any other table defined in schema.ts belongs to the module that uses it.
 */
const platformTables = [
  'refresh_tokens',
  'sessions',
  'server_secrets',
  'sign_in_failures',
  'captcha_challenges',
  'roles',
  'role_permissions',
  'user_roles',
  'system_roles',
  'system_role_permissions',
  'system_user_roles',
  'service_packs',
  'service_pack_privileges',
  'tenant_subscriptions',
  'password_set_tokens',
];

describe('the engine’s tables', () => {
  it('are only tables the engine itself uses', async () => {
    const declaring: string[] = [];
    for (const file of tableFiles) {
      const exports: Record<string, unknown> = await import(join(tablesDir, file));
      if (Object.values(exports).some((value) => is(value, PgTable))) declaring.push(file);
    }
    // the walk sees the tables (the approval engine's), and the column helpers declare none
    expect(declaring).toContain('approvals.ts');
    expect(declaring).not.toContain('columns.ts');
    expect(declaring.filter((file) => !usedByEngine(join(tablesDir, file)))).toEqual([]);
  });

  it('are, in schema.ts, tables the engine itself imports, or the platform’s listed ones', async () => {
    const fromTableFiles = new Set<unknown>();
    for (const file of tableFiles)
      for (const value of Object.values(await import(join(tablesDir, file)))) fromTableFiles.add(value);
    // each table schema.ts itself defines, with the names it is exported under (none if it is only in `schema`)
    const inline = Object.values(schemaExports.schema)
      .filter((table) => !fromTableFiles.has(table))
      .map((table) => ({
        name: getTableConfig(table).name,
        exportedAs: Object.entries(schemaExports)
          .filter(([, value]) => value === table)
          .map(([key]) => key),
      }));
    const importedByEngine = inline
      .filter((table) => table.exportedAs.some((key) => importedFromSchema.has(key)))
      .map((table) => table.name);
    // the walk sees the engine's imports (the action log's, a caller's user)
    expect(importedByEngine).toEqual(expect.arrayContaining(['action_logs', 'users']));
    expect(
      inline
        .map((table) => table.name)
        .filter((name) => !importedByEngine.includes(name))
        .sort(),
    ).toEqual([...platformTables].sort());
  });

  it('would see a module’s table as one the engine does not use', () => {
    expect(usedByEngine(join(src, 'services', 'om', 'tables', 'workers.ts'))).toBe(false);
    expect(usedByEngine(join(tablesDir, 'approvals.ts'))).toBe(true);
    expect(importedFromSchema.has('actionLogs')).toBe(true);
    expect(importedFromSchema.has('refreshTokens')).toBe(false);
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { resolveServerPaths } from './paths.ts';

/*
 * The engine's folder of tables (src/db/tables) keeps only tables the engine itself reads or
 * writes: a table only modules use belongs to its module (services/<module>/tables), listed by
 * services/tables.ts. ESLint keeps the engine from importing a module (engine-boundary.test.ts);
 * this keeps module tables from sitting in the engine.
 */
const src = join(resolveServerPaths().serverRoot, 'src');
const tablesDir = join(src, 'db', 'tables');

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

describe('the engine’s tables', () => {
  it('are only tables the engine itself uses', async () => {
    const declaring: string[] = [];
    for (const file of readdirSync(tablesDir).filter(
      (name) => name.endsWith('.ts') && !name.endsWith('.test.ts'),
    )) {
      const exports: Record<string, unknown> = await import(join(tablesDir, file));
      if (Object.values(exports).some((value) => is(value, PgTable))) declaring.push(file);
    }
    // the walk sees the tables (the approval engine's), and the column helpers declare none
    expect(declaring).toContain('approvals.ts');
    expect(declaring).not.toContain('columns.ts');
    expect(declaring.filter((file) => !usedByEngine(join(tablesDir, file)))).toEqual([]);
  });

  it('would see a module’s table as one the engine does not use', () => {
    expect(usedByEngine(join(src, 'services', 'om', 'tables', 'workers.ts'))).toBe(false);
    expect(usedByEngine(join(tablesDir, 'approvals.ts'))).toBe(true);
  });
});

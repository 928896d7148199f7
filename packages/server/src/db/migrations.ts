import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { desc } from 'drizzle-orm';
import { bigint, pgSchema, serial, text } from 'drizzle-orm/pg-core';
import type { Db } from './database.ts';

/**
 * The folder layout drizzle's migrators read (drizzle-orm/migrator.js): meta/_journal.json
 * lists entries in order, each naming `<tag>.sql` and carrying `when` (milliseconds). drizzle
 * applies every entry whose `when` is later than the newest one recorded in
 * drizzle.__drizzle_migrations, so `when` must grow with each new migration.
 */
export interface JournalEntry {
  idx: number;
  version: string;
  when: number;
  tag: string;
  breakpoints: boolean;
}

export interface MigrationInfo {
  /** the number that starts the tag: 0001_foundation → 1 */
  version: number;
  /** the rest of the tag: 0001_foundation → foundation */
  name: string;
  tag: string;
  when: number;
}

export function readJournal(migrationsDir: string): MigrationInfo[] {
  const journal = JSON.parse(readFileSync(join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries.map((entry) => {
    const match = /^(\d+)_(.+)$/.exec(entry.tag);
    if (!match?.[1] || !match[2]) throw new Error(`Migration tag "${entry.tag}" must look like 0001_name`);
    return { version: Number(match[1]), name: match[2], tag: entry.tag, when: entry.when };
  });
}

/** drizzle's bookkeeping table (created by its migrator), described so it can be queried typed. */
const appliedMigrations = pgSchema('drizzle').table('__drizzle_migrations', {
  id: serial('id').primaryKey(),
  hash: text('hash').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }),
});

/** The newest migration applied to this database, matched to its journal entry by `when`. */
export async function currentMigration(
  db: Db,
  journal: readonly MigrationInfo[],
): Promise<MigrationInfo | undefined> {
  const [newest] = await db
    .select({ when: appliedMigrations.createdAt })
    .from(appliedMigrations)
    .orderBy(desc(appliedMigrations.createdAt))
    .limit(1);
  if (!newest) return undefined;
  return journal.find((entry) => entry.when === newest.when);
}

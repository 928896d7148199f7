import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveServerPaths } from '../paths.ts';
import { readJournal } from './migrations.ts';

const { migrationsDir } = resolveServerPaths();

describe('migrations folder', () => {
  const journal = readJournal(migrationsDir);

  it('lists every .sql file once, numbered 1, 2, 3... in order', () => {
    const files = readdirSync(migrationsDir)
      .filter((f) => f.endsWith('.sql'))
      .sort();
    expect(journal.map((m) => `${m.tag}.sql`)).toEqual(files);
    expect(journal.map((m) => m.version)).toEqual(journal.map((_, i) => i + 1));
  });

  it('has strictly increasing `when` values (drizzle applies only entries newer than the last one applied)', () => {
    const whens = journal.map((m) => m.when);
    expect(whens).toEqual([...whens].sort((a, b) => a - b));
    expect(new Set(whens).size).toBe(whens.length);
  });

  it('separates statements with breakpoints (PGlite runs one statement per call)', () => {
    for (const m of journal) {
      const chunks = readFileSync(join(migrationsDir, `${m.tag}.sql`), 'utf8').split(
        '--> statement-breakpoint',
      );
      for (const chunk of chunks) {
        // Dollar-quoted bodies (DO $$ ... $$) are one statement however many semicolons they hold.
        const code = chunk
          .replace(/--.*$/gm, '')
          .replace(/\$([A-Za-z_]*)\$[\s\S]*?\$\1\$/g, "''")
          .trim();
        expect(
          code.split(';').filter((s) => s.trim() !== '').length,
          `${m.tag}: ${code.slice(0, 60)}`,
        ).toBeLessThanOrEqual(1);
      }
    }
  });
});

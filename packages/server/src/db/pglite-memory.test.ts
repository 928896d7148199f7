import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from './pglite.ts';

/**
 * The embedded database's page cache is what the configuration says (issue 29 part 6: PGlite's
 * default, 128 MiB of WebAssembly memory that is never given back, was most of the portal's
 * idle memory), both on files and in memory, and the database still answers.
 */
describe('the embedded database’s page cache', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hcm-pglite-memory-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const sharedBuffers = async (db: Awaited<ReturnType<typeof openPglite>>) =>
    (await db.raw('show shared_buffers')).rows[0]?.shared_buffers;

  it('is 16 MB by default, on files and in memory', async () => {
    for (const dataDir of [join(dir, 'default'), undefined]) {
      const db = await openPglite(dataDir);
      try {
        expect(await sharedBuffers(db)).toBe('16MB');
        expect((await db.raw('select 40 + 2 as answer')).rows).toEqual([{ answer: 42 }]);
      } finally {
        await db.close();
      }
    }
  });

  it('takes the size it is given, and keeps the files it wrote across a reopening', async () => {
    const dataDir = join(dir, 'sized');
    const first = await openPglite(dataDir, { sharedBuffersMiB: 48 });
    try {
      expect(await sharedBuffers(first)).toBe('48MB');
      await first.raw('create table kept (n int)');
      await first.raw('insert into kept values (7)');
    } finally {
      await first.close();
    }
    const again = await openPglite(dataDir, { sharedBuffersMiB: 8 });
    try {
      expect(await sharedBuffers(again)).toBe('8MB');
      expect((await again.raw('select n from kept')).rows).toEqual([{ n: 7 }]);
    } finally {
      await again.close();
    }
  });
});

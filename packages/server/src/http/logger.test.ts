import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openPglite } from '../db/pglite.ts';
import { createLogger } from './logger.ts';

/** The lines a logger wrote, parsed. */
function capture() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: createLogger('info', destination) };
}

describe('the logger', () => {
  it('logs a failed query with its SQL but without the values bound to it', async () => {
    const db = await openPglite(undefined);
    let failure: unknown;
    try {
      await db.orm.execute(sql`select ${'Nguyễn Văn Bí Mật'}::int + ${'lương 98765432'}::int as n`);
    } catch (error) {
      failure = error;
    } finally {
      await db.close();
    }
    expect(String(failure)).toContain('Nguyễn Văn Bí Mật'); // drizzle's own message carries them
    const { lines, logger } = capture();
    logger.error({ err: failure }, 'unhandled error');
    logger.flush();
    await new Promise((resolve) => setImmediate(resolve));
    const text = JSON.stringify(lines);
    expect(text).not.toContain('Bí Mật');
    expect(text).not.toContain('98765432');
    expect(text).toContain('select $1::int + $2::int');
    expect(text).toContain('[parameters not logged]');
    expect(text).toContain('22P02'); // the SQLSTATE stays: invalid text representation
  });

  it('logs other errors as pino does', () => {
    const { lines, logger } = capture();
    logger.error({ err: new Error('plain failure') }, 'x');
    logger.flush();
    expect(JSON.stringify(lines)).toContain('plain failure');
  });
});

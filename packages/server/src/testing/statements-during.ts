import pg from 'pg';

/**
 * The SQL statements the PostgreSQL connections of this process send while `work` runs (a test
 * server runs in the test's process), lower-cased with their white space folded; the job
 * queue's own polling (schema hcm_jobs) left out. It wraps node-postgres's Client#query, so it
 * sees PostgreSQL only: PGlite runs its statements inside itself.
 */
export async function statementsDuring(work: () => Promise<unknown>): Promise<string[]> {
  const sent: string[] = [];
  const original = pg.Client.prototype.query;
  const record = function (this: pg.Client, ...args: unknown[]) {
    const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string } | undefined)?.text;
    if (text && !/hcm_jobs\./.test(text)) sent.push(text.replace(/\s+/g, ' ').trim().toLowerCase());
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  };
  pg.Client.prototype.query = record as typeof original;
  try {
    await work();
  } finally {
    pg.Client.prototype.query = original;
  }
  return sent;
}

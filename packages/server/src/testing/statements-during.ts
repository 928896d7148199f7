import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';

const ownWork = new AsyncLocalStorage<true>();

/**
 * The SQL statements the PostgreSQL connections of this process send while `work` runs (a test
 * server runs in the test's process), lower-cased with their white space folded; the job
 * queue's own polling (schema hcm_jobs) left out. It wraps node-postgres's Client#query, so it
 * sees PostgreSQL only: PGlite runs its statements inside itself.
 *
 * `ownOnly` counts only what `work` itself sends (its async context), not what the server's
 * background jobs happen to send meanwhile: a job still recomputing days after an approval once
 * added two reads to a count. Use it when `work` calls the database in this process; a request
 * over HTTP is served in the socket's context, so it needs the default.
 */
export async function statementsDuring(
  work: () => Promise<unknown>,
  { ownOnly = false }: { ownOnly?: boolean } = {},
): Promise<string[]> {
  const sent: string[] = [];
  const original = pg.Client.prototype.query;
  const record = function (this: pg.Client, ...args: unknown[]) {
    const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string } | undefined)?.text;
    const counted = !ownOnly || ownWork.getStore() === true;
    if (counted && text && !/hcm_jobs\./.test(text))
      sent.push(text.replace(/\s+/g, ' ').trim().toLowerCase());
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  };
  pg.Client.prototype.query = record as typeof original;
  try {
    await ownWork.run(true, work);
  } finally {
    pg.Client.prototype.query = original;
  }
  return sent;
}

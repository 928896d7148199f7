// The honest "raw SQL" baseline (issue 29 part 5): the very statements the server sends for a
// request, recorded from the real app in this process, then replayed as the application runs
// them (its role, the tenant and user set, row-level security on, in one transaction) on a pool
// of the same size as the HTTP side's connections. Same SQL, same parameters, same rows: what is
// left between the two figures is what the portal adds (HTTP, authorization, JSON, compression).
import { buildApp } from '../../packages/server/src/app.ts';
import { loadConfig } from '../../packages/server/src/config.ts';
import { APP_ROLE } from '../../packages/server/src/db/tenant-scope.ts';
import { openDatabase } from '../../packages/server/src/db/open-database.ts';
import { closeGracefully } from '../../packages/server/src/http/close-gracefully.ts';
import { createLogger } from '../../packages/server/src/http/logger.ts';
import type { QueryConfig as QueryConfigOfPg } from '../../packages/server/node_modules/@types/pg/index.d.ts';
import { pg } from './server-deps.ts';
import { summarise, type Timing } from './measure.ts';

/** One statement as the driver was handed it, and how many rows it answered. */
export interface RecordedStatement {
  /** the driver's query config as drizzle built it (text, rowMode, type parsers), no callback */
  config: QueryConfig & { text: string };
  values: unknown[];
  rows: number;
}

/** A request of the benchmark: who asks (their token, tenant and user) and what. */
export interface BenchRequest {
  label: string;
  path: string;
  token: string;
  tenantId: string;
  userId: string;
}

export interface RecordedRequest extends BenchRequest {
  statements: RecordedStatement[];
}

/** What every transaction of the app sends around the route's own statements (db/tenant-scope.ts). */
const isFrame = (text: string) =>
  /^(begin|commit|rollback)$/i.test(text.trim()) || /^select set_config\(/i.test(text.trim());

type QueryConfig = { text?: string; values?: unknown[]; rowMode?: 'array'; types?: unknown };

/**
 * Starts the app in this process on `env`'s database (requests only: no job worker polling),
 * asks each request twice (the first keeps the caller, as a signed-in user's later requests
 * are), and records the statements the second one sends, the transaction frame left out.
 */
export async function recordRequests(
  env: Record<string, string>,
  requests: readonly BenchRequest[],
): Promise<RecordedRequest[]> {
  const config = loadConfig({
    ...env,
    HCM_PROCESS_ROLE: 'api',
    CONTRACT_VALIDITY_SWEEP_MINUTES: '0',
    LOG_LEVEL: 'warn',
  });
  const db = await openDatabase(config.database);
  const app = await buildApp({ config, db, logger: createLogger(config.logLevel) });
  const original = pg.Client.prototype.query;
  let sink: RecordedStatement[] | null = null;
  pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0];
    const query: QueryConfig = typeof first === 'string' ? { text: first } : ((first ?? {}) as QueryConfig);
    const values = Array.isArray(args[1]) ? args[1] : (query.values ?? []);
    const answer = (original as (...a: unknown[]) => unknown).apply(this, args);
    const text = query.text;
    if (sink && text && !isFrame(text) && !/hcm_jobs\./.test(text)) {
      const { text: _text, values: _values, ...rest } = query;
      const entry: RecordedStatement = { config: { ...rest, text }, values: [...values], rows: -1 };
      sink.push(entry);
      if (answer && typeof (answer as Promise<unknown>).then === 'function')
        void (answer as Promise<{ rowCount?: number | null; rows?: unknown[] }>).then(
          (result) => (entry.rows = result?.rows?.length ?? result?.rowCount ?? 0),
          () => undefined,
        );
    }
    return answer;
  } as typeof original;
  try {
    const recorded: RecordedRequest[] = [];
    for (const request of requests) {
      const ask = () =>
        app.inject({
          method: 'GET',
          url: request.path,
          headers: { authorization: `Bearer ${request.token}` },
        });
      const warm = await ask();
      if (warm.statusCode !== 200)
        throw new Error(`${request.path} answered ${warm.statusCode}: ${warm.body}`);
      sink = [];
      const answer = await ask();
      const statements = sink;
      sink = null;
      if (answer.statusCode !== 200) throw new Error(`${request.path} answered ${answer.statusCode}`);
      recorded.push({ ...request, statements });
    }
    return recorded;
  } finally {
    pg.Client.prototype.query = original;
    await closeGracefully(app);
    await db.close();
  }
}

type PgPool = InstanceType<typeof pg.Pool>;

/** One request's statements as the application runs them: its own transaction, role and tenant. */
export async function replayOnce(pool: PgPool, request: RecordedRequest): Promise<number[]> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      `select set_config('app.tenant_id', $1, true), set_config('app.user_id', $2, true), set_config('role', $3, true)`,
      [request.tenantId, request.userId, APP_ROLE],
    );
    const rows: number[] = [];
    for (const s of request.statements) {
      // the config as drizzle handed it to the driver (its row mode and type parsers included)
      const config = { ...s.config, values: s.values } as unknown as QueryConfigOfPg;
      const result = await client.query(config);
      rows.push(result.rows.length);
    }
    await client.query('COMMIT');
    return rows;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Proof the baseline is the same work: replayed as the application role, each statement answers
 * as many rows as it did for the server (a baseline that skipped row-level security, or ran with
 * no tenant set, would answer more, or none).
 */
export async function checkSameRows(pool: PgPool, recorded: readonly RecordedRequest[]): Promise<void> {
  for (const request of recorded) {
    const rows = await replayOnce(pool, request);
    const expected = request.statements.map((s) => s.rows);
    if (rows.join() !== expected.join())
      throw new Error(
        `${request.label}: replayed rows ${rows.join()} differ from the server's ${expected.join()}`,
      );
  }
}

/** Closed loop: `connections` clients replaying `request` for `seconds`. */
export async function replayLoop(
  pool: PgPool,
  request: RecordedRequest,
  connections: number,
  seconds: number,
): Promise<Timing> {
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        await replayOnce(pool, request);
        latencies.push(performance.now() - started);
      }
    }),
  );
  return summarise(latencies, seconds);
}

import { randomUUID } from 'node:crypto';
import { ErrorCodes, type ErrorEnvelope } from '@hcm/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startResourceTestKit, type Caller, type ResourceTestKit } from '../resources/testing/kit.ts';
import { jobTitleResource } from '../services/om/categories/category-resources.ts';
import { openTestDatabase } from '../testing/engines.ts';
import type { Database } from './database.ts';
import { inScope, type ScopeOptions } from './tenant-scope.ts';
import { laneOf, TenantQueueFullError, turnsOf, type TenantTurns } from './tenant-turns.ts';

/** A promise the test settles when it chooses. */
function deferred() {
  let release!: () => void;
  let fail!: (error: Error) => void;
  const promise = new Promise<void>((resolve, reject) => {
    release = resolve;
    fail = reject;
  });
  return { promise, release, fail };
}

// Engine-specific: the turns exist on PGlite only.
describe('tenant turns on PGlite', () => {
  let db: Database;
  let turns: TenantTurns;
  const [A, B, C] = [randomUUID(), randomUUID(), randomUUID()];
  const ran: string[] = [];

  /** A scope transaction of `tenant` that notes its name once it runs, then waits for `until`. */
  const transaction = (tenant: string | null, name: string, until?: Promise<void>, options?: ScopeOptions) =>
    inScope(
      db.orm,
      { tenantId: tenant, userId: null },
      async (tx) => {
        ran.push(name);
        await tx.execute(sql`select 1`);
        await until;
      },
      options,
    );

  beforeAll(async () => {
    db = await openTestDatabase({
      engine: 'pglite',
      dataDir: undefined,
      fairness: { enabled: true, queueLimit: 2, retryAfterSeconds: 7 },
    });
    const found = turnsOf(db.orm);
    if (!found) throw new Error('PGlite opened with fairness on takes turns');
    turns = found;
  });
  afterAll(() => db?.close());

  it('gives the next turn to another tenant before the busy one’s queued transactions', async () => {
    ran.length = 0;
    const first = deferred();
    // All asked for while A's first holds the connection: A queues four more, C two, B one.
    const all = [
      transaction(A, 'A1', first.promise),
      ...[2, 3, 4, 5].map((n) => transaction(A, `A${n}`)),
      ...[1, 2, 3].map((n) => transaction(C, `C${n}`)),
      transaction(B, 'B1'),
    ];
    await vi.waitFor(() => expect(turns.snapshot().waiting).toEqual({ [A]: 4, [C]: 3, [B]: 1 }));
    first.release();
    await Promise.all(all);
    expect(ran).toEqual(['A1', 'C1', 'B1', 'A2', 'C2', 'A3', 'C3', 'A4', 'A5']);
    expect(turns.snapshot()).toEqual({ running: null, waiting: {} });
  });

  it('lets in at the next turn a tenant whose work arrives while another’s queue is being served', async () => {
    ran.length = 0;
    const queue = Array.from({ length: 20 }, (_, n) => transaction(A, `A${n + 1}`));
    // Arrives from the event loop, as a request read from its socket does, after A's twenty asked.
    const late = new Promise<void>((resolve, reject) =>
      setImmediate(() => transaction(B, 'B1').then(resolve, reject)),
    );
    await Promise.all([...queue, late]);
    expect(ran.slice(0, 3)).toEqual(['A1', 'B1', 'A2']);
  });

  it('hands the turn on when a transaction fails', async () => {
    ran.length = 0;
    const failing = deferred();
    const refused = transaction(A, 'A1', failing.promise);
    await vi.waitFor(() => expect(turns.snapshot().running).toBe(A));
    const next = transaction(B, 'B1');
    await vi.waitFor(() => expect(turns.snapshot().waiting).toEqual({ [B]: 1 }));
    failing.fail(new Error('the work failed'));
    await expect(refused).rejects.toThrow('the work failed');
    await next;
    expect(ran).toEqual(['A1', 'B1']);
    expect(turns.snapshot()).toEqual({ running: null, waiting: {} });
  });

  it('refuses a refusable transaction of a lane already holding the limit, and only that', async () => {
    const held = deferred();
    const holder = transaction(A, 'A1', held.promise);
    await vi.waitFor(() => expect(turns.snapshot().running).toBe(A));
    const queued = [transaction(A, 'A2'), transaction(A, 'A3')];
    await vi.waitFor(() => expect(turns.snapshot().waiting).toEqual({ [A]: 2 }));

    const refusal = transaction(A, 'A4', undefined, { refuseWhenBusy: true });
    await expect(refusal).rejects.toBeInstanceOf(TenantQueueFullError);
    await expect(refusal).rejects.toMatchObject({ lane: laneOf(A), retryAfterSeconds: 7 });
    // another tenant, and work that must not be refused (background, a request's later step), still queue
    const others = [
      transaction(B, 'B1', undefined, { refuseWhenBusy: true }),
      transaction(A, 'A5'),
      transaction(null, 'system'),
    ];
    await vi.waitFor(() => expect(turns.snapshot().waiting).toEqual({ [A]: 3, [B]: 1, system: 1 }));
    held.release();
    await Promise.all([holder, ...queued, ...others]);
    expect(turns.snapshot()).toEqual({ running: null, waiting: {} });
  });
});

describe('a tenant with too many requests waiting, over HTTP on PGlite', () => {
  let kit: ResourceTestKit;
  let flooding: Caller;
  let quiet: Caller;
  const BASE = '/api/om/job-titles';

  beforeAll(async () => {
    kit = await startResourceTestKit('pglite', { env: { TENANT_QUEUE_LIMIT: '2' } });
    flooding = await kit.caller([jobTitleResource]);
    quiet = await kit.caller([jobTitleResource]);
  });
  afterAll(() => kit?.stop());

  it('is answered 429 with Retry-After and writes nothing; the queued and the other tenant are served', async () => {
    const turns = turnsOf(kit.server.db.orm);
    if (!turns) throw new Error('the test server runs PGlite with fairness on');
    // The flooding tenant holds the connection, then two of its requests queue.
    const held = deferred();
    const holder = inScope(
      kit.server.db.orm,
      { tenantId: flooding.tenantId, userId: null },
      () => held.promise,
    );
    const waiting = [1, 2].map(() => kit.http.get<{ data: number }>(`${BASE}/count`, flooding.token));
    await vi.waitFor(() => expect(turns.snapshot().waiting).toEqual({ [flooding.tenantId]: 2 }));

    const refused = await kit.http.post<ErrorEnvelope>(BASE, { code: 'FLOOD', name: 'Thừa' }, flooding.token);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.body.code).toBe(ErrorCodes.tooManyRequests);
    expect(refused.body.message).toMatch(/try again in 1 second/);

    const other = kit.http.post(BASE, { code: 'QUIET', name: 'Yên tĩnh' }, quiet.token);
    await vi.waitFor(() => expect(turns.snapshot().waiting[quiet.tenantId]).toBe(1));
    held.release();
    await holder;
    for (const answer of await Promise.all(waiting))
      expect(answer).toMatchObject({ status: 200, body: { data: 0 } });
    expect((await other).status).toBe(200);
    expect((await kit.http.get<{ data: number }>(`${BASE}/count`, flooding.token)).body.data).toBe(0);
  });
});

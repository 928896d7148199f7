import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionOf } from '../../../bulk/connection.ts';
import { inScope } from '../../../db/tenant-scope.ts';
import { turnsOf, type TenantTurns } from '../../../db/tenant-turns.ts';
import { createTestDatabase, type TestDatabase } from '../../../testing/engines.ts';
import { makeTenant } from '../../../testing/factories.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';
import { waitForState } from '../../../testing/wait-for-state.ts';

/*
 * Engine-specific (the tenant turns exist on PGlite only, db/tenant-turns.ts): one tenant's
 * devices flooding the ADMS endpoint wait in their tenant's lane, or are answered 429 beyond its
 * queue, while another tenant's device is served at its turn.
 */
describe('a device flood on PGlite', () => {
  let database: TestDatabase;
  let server: TestServer;
  let turns: TenantTurns;
  const tenants: string[] = [];

  const upload = (serial: string, minute: number) =>
    fetch(`${server.url}/iclock/cdata?SN=${serial}&table=ATTLOG`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: `1001\t${new Date(Date.now() + 7 * 3_600_000 - minute * 60_000).toISOString().slice(0, 19).replace('T', ' ')}\t0\t1\t0\n`,
    }).then(async (res) => ({
      status: res.status,
      body: await res.text(),
      retry: res.headers.get('retry-after'),
    }));

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    server = await startTestServer({ ...database.env, LOG_LEVEL: 'warn', TENANT_QUEUE_LIMIT: '2' });
    const found = turnsOf(server.db.orm);
    if (!found) throw new Error('PGlite takes turns');
    turns = found;
    for (const serial of ['FLOODA0001', 'QUIETB0001']) {
      const tenant = await makeTenant(server.db.orm);
      tenants.push(tenant.id);
      await inScope(server.db.orm, { tenantId: tenant.id, userId: null }, async (tx) => {
        const db = connectionOf(tx);
        const made = await db.query<{ id: string }>(
          'insert into tm_devices (tenant_id, code, name, serial_number) values ($1::uuid, $2, $2, $3) returning id',
          [tenant.id, serial, serial],
        );
        await db.query('select hcm_adms_bind_serial($1, $2::uuid)', [serial, made.rows[0]?.id]);
      });
      // known to the process now: the flood below queues in the tenant's lane, not the system's
      expect((await fetch(`${server.url}/iclock/cdata?SN=${serial}&options=all`)).status).toBe(200);
    }
  });
  afterAll(async () => {
    await server?.stop();
    await database?.dispose();
  });

  it("queues one tenant's flood in its own lane, refuses what overflows it, and serves the other tenant", async () => {
    const [flooding, quiet] = tenants as [string, string];
    // the connection held by a third tenant's transaction until the requests have lined up
    let release!: () => void;
    const held = inScope(
      server.db.orm,
      { tenantId: randomUUID(), userId: null },
      () => new Promise<void>((r) => (release = r)),
    );
    await waitForState(
      async () => turns.snapshot(),
      (state) => state.running !== null,
    );
    const flood = Array.from({ length: 6 }, (_, i) => upload('FLOODA0001', i + 1));
    await waitForState(
      async () => turns.snapshot().waiting[flooding] ?? 0,
      (waiting) => waiting === 2,
    );
    const refused = await Promise.all(flood.slice(2));
    expect(refused.map((answer) => answer.status)).toEqual([429, 429, 429, 429]);
    expect(refused[0]?.retry).not.toBeNull();
    const other = upload('QUIETB0001', 1);
    await waitForState(
      async () => turns.snapshot().waiting[quiet] ?? 0,
      (waiting) => waiting === 1,
    );
    release();
    await held;
    expect(await other).toMatchObject({ status: 200, body: 'OK: 1' });
    expect((await Promise.all(flood.slice(0, 2))).map((answer) => answer.body)).toEqual(['OK: 1', 'OK: 1']);
  });
});

import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database, Tx } from '../db/database.ts';
import type { TenantRow } from '../db/schema.ts';
import { inScope } from '../db/tenant-scope.ts';
import { AppError } from '../http/errors.ts';
import type { ActionContext } from '../resources/action-log/record-actions.ts';
import { resultLineStore } from '../services/payroll/tables/result-lines.ts';
import { dayRecordStore } from '../services/tm/tables/day-records.ts';
import { punchStore } from '../services/tm/tables/punches.ts';
import { testEngines } from '../testing/engines.ts';
import { makeTenant } from '../testing/factories.ts';
import { migratedDatabaseDuringSuite, refusal, rows } from '../testing/migrated-database.ts';
import {
  ensureMonthPartitions,
  readKeysetPage,
  sumOverPeriod,
  writeBatch,
  type BulkRow,
  type BulkTable,
  type KeysetQuery,
} from './index.ts';

type PunchRow = BulkRow<typeof punchStore.declaration.table>;
type PunchOut = { id: string; punchedAt: Date; deviceCode: string; attendanceCode: string; tenantId: string };

const JANUARY = { from: '2026-01-01', to: '2026-02-01' };

/** Punches from 2026-01-31 22:00 +07 on, ten a minute: from the 1,201st they fall in February (Vietnam's time). */
function punches(count: number, device = 'MCC-01'): PunchRow[] {
  const start = Date.parse('2026-01-31T22:00:00+07:00');
  return Array.from({ length: count }, (_, i) => ({
    punchedAt: new Date(start + Math.floor(i / 10) * 60_000),
    deviceCode: device,
    attendanceCode: String(1000 + (i % 10)),
    source: 'DEVICE' as const,
    rawLine: `${1000 + (i % 10)}\t2026-01-31 22:00:00\t0\t1`,
  }));
}

/** The error a refused batch throws: a 400 with its field errors. */
async function refused(work: Promise<unknown>): Promise<AppError> {
  try {
    await work;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('the batch was not refused');
}

describe.each(await testEngines('both'))('the bulk data path on $engine', ({ engine }) => {
  const database = migratedDatabaseDuringSuite(engine);
  let db: Database;
  let a: TenantRow;
  let b: TenantRow;
  const workersOf = new Map<string, string[]>();
  const actor = (tenant: TenantRow): ActionContext => ({
    scope: { tenantId: tenant.id, userId: null },
    ip: '10.0.0.1',
    userAgent: 'bulk-test',
  });
  const inTenant = <T>(tenant: TenantRow, work: (tx: Tx) => Promise<T>) =>
    inScope(db.orm, { tenantId: tenant.id, userId: null }, work);
  const count = (table: string, tenant: TenantRow) =>
    rows<{ n: number }>(
      db.orm,
      sql.raw(`select count(*)::int as n from ${table} where tenant_id = '${tenant.id}'`),
    ).then((r) => r[0]?.n ?? 0);
  const batchLog = (tenant: TenantRow, resource: string) =>
    rows<{ action: string; changes: Record<string, { after: unknown }>; user_agent: string }>(
      db.orm,
      sql`select action, changes, user_agent from action_logs where tenant_id = ${tenant.id} and resource = ${resource} order by created_at`,
    );

  beforeAll(async () => {
    db = database();
    a = await makeTenant(db.orm);
    b = await makeTenant(db.orm);
    for (const tenant of [a, b]) {
      const [unit] = await rows<{ id: string }>(
        db.orm,
        sql`insert into organization_units (tenant_id, code, name) values (${tenant.id}, 'CTY', 'Công ty') returning id`,
      );
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        const [worker] = await rows<{ id: string }>(
          db.orm,
          sql`insert into workers (tenant_id, code, full_name, gender, organization_unit_id)
              values (${tenant.id}, ${`NV${i}`}, ${`Nguyễn Văn ${i}`}, 'MALE', ${unit?.id}) returning id`,
        );
        ids.push(worker?.id ?? '');
      }
      workersOf.set(tenant.id, ids);
    }
  });

  /** Every page of `query`, following nextCursor: the rows in order, and the pages' info. */
  async function allPages<R, T extends PgTable>(
    tenant: TenantRow,
    table: BulkTable<T>,
    query: Omit<KeysetQuery<T>, 'tenantId'>,
  ) {
    const all: R[] = [];
    const pages = [];
    let cursor: string | undefined;
    do {
      const page = await inTenant(tenant, (tx) =>
        readKeysetPage<T, R>(tx, table, {
          ...query,
          tenantId: tenant.id,
          ...(cursor ? { cursor } : {}),
        }),
      );
      all.push(...page.data);
      pages.push(page.page);
      cursor = page.page.nextCursor;
    } while (cursor);
    return { all, pages };
  }

  it('writes a batch across a month line, makes its months, and logs it once', async () => {
    const batch = punches(3000);
    const result = await inTenant(a, (tx) =>
      writeBatch(tx, punchStore, batch, { actor: actor(a), describe: { device: 'MCC-01' } }),
    );
    expect(result).toMatchObject({ received: 3000, written: 3000, unchanged: 0, partitionsMade: 2 });
    expect(result.from).toBe(new Date('2026-01-31T22:00:00+07:00').toISOString());
    // analysed once committed, by the owner: the planner knows each new month's rows (db/analyze.ts)
    const analysed = await rows<{ relname: string; reltuples: number }>(
      db.orm,
      sql`select relname, reltuples::int as reltuples from pg_class
          where relname in ('tm_punches_2026_01', 'tm_punches_2026_02') order by 1`,
    );
    expect(analysed.map((r) => [r.relname, r.reltuples])).toEqual([
      ['tm_punches_2026_01', 1200],
      ['tm_punches_2026_02', 1800],
    ]);
    expect(await count('tm_punches', a)).toBe(3000);
    // 22:00 to 23:59 of 31 January (+07) is 120 minutes × 10 codes; the rest is February's
    expect(await count('tm_punches_2026_01', a)).toBe(1200);
    expect(await count('tm_punches_2026_02', a)).toBe(1800);
    const log = await batchLog(a, 'tm_punch');
    expect(log).toHaveLength(1);
    expect(log[0]?.action).toBe('IMPORT');
    expect(log[0]?.user_agent).toBe('bulk-test');
    expect(log[0]?.changes).toMatchObject({
      table: { after: 'tm_punches' },
      received: { after: 3000 },
      written: { after: 3000 },
      device: { after: 'MCC-01' },
    });
  });

  it('puts a punch after midnight in Vietnam into the next month, on both sides of the line', async () => {
    const edge = [
      {
        punchedAt: new Date('2026-02-28T23:59:59+07:00'),
        deviceCode: 'EDGE',
        attendanceCode: '1',
        source: 'DEVICE' as const,
      },
      {
        punchedAt: new Date('2026-03-01T00:00:00+07:00'),
        deviceCode: 'EDGE',
        attendanceCode: '1',
        source: 'DEVICE' as const,
      },
    ];
    await inTenant(a, (tx) => writeBatch(tx, punchStore, edge, { actor: actor(a) }));
    const where = sql.raw(`where device_code = 'EDGE'`);
    expect(await rows(db.orm, sql`select 1 from tm_punches_2026_02 ${where}`)).toHaveLength(1);
    expect(await rows(db.orm, sql`select 1 from tm_punches_2026_03 ${where}`)).toHaveLength(1);
  });

  it('reads every row once, in order, by keyset pages', async () => {
    const { all, pages } = await allPages<PunchOut, typeof punchStore.declaration.table>(a, punchStore, {
      period: { from: '2026-01-01', to: '2026-03-01' },
      equals: { deviceCode: 'MCC-01' },
      pageSize: 100,
    });
    expect(all).toHaveLength(3000);
    expect(pages).toHaveLength(30);
    expect(pages.map((p) => p.pageIndex)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(pages[0]).toMatchObject({ pageSize: 100, total: 3000 });
    expect(pages.at(-1)?.nextCursor).toBeUndefined();
    expect(new Set(all.map((row) => row.id)).size).toBe(3000);
    const positions = all.map((row) => [row.punchedAt.getTime(), row.id] as const);
    const sorted = [...positions].sort((x, y) => x[0] - y[0] || (x[1] < y[1] ? -1 : x[1] > y[1] ? 1 : 0));
    expect(positions).toEqual(sorted);
    expect(new Set(all.map((row) => row.tenantId))).toEqual(new Set([a.id]));
  });

  it('keeps a period to its days in Vietnam: January holds only the punches before 1 February +07', async () => {
    const { all } = await allPages<PunchOut, typeof punchStore.declaration.table>(a, punchStore, {
      period: JANUARY,
      equals: { deviceCode: 'MCC-01' },
      pageSize: 100,
    });
    expect(all).toHaveLength(await count('tm_punches_2026_01', a));
    expect(Math.max(...all.map((row) => row.punchedAt.getTime()))).toBeLessThan(
      Date.parse('2026-02-01T00:00:00+07:00'),
    );
  });

  it('stores a re-sent batch once, and says so in its log entry', async () => {
    const again = await inTenant(a, (tx) => writeBatch(tx, punchStore, punches(3000), { actor: actor(a) }));
    expect(again).toMatchObject({ received: 3000, written: 0, unchanged: 3000, partitionsMade: 0 });
    expect(await count('tm_punches', a)).toBe(3002);
    const log = await batchLog(a, 'tm_punch');
    expect(log.at(-1)?.changes).toMatchObject({ written: { after: 0 }, unchanged: { after: 3000 } });
  });

  it('refuses a cursor of another list and a page larger than 100', async () => {
    const first = await inTenant(a, (tx) =>
      readKeysetPage(tx, punchStore, { tenantId: a.id, period: JANUARY, pageSize: 10 }),
    );
    const cursor = first.page.nextCursor;
    expect(cursor).toBeDefined();
    const other = await refused(
      inTenant(a, (tx) =>
        readKeysetPage(tx, punchStore, {
          tenantId: a.id,
          period: { from: '2026-01-02', to: '2026-02-01' },
          pageSize: 10,
          ...(cursor ? { cursor } : {}),
        }),
      ),
    );
    expect(other.errors?.[0]).toMatchObject({ field: 'cursor', code: 'error.invalidValue' });
    const garbage = await refused(
      inTenant(a, (tx) =>
        readKeysetPage(tx, punchStore, { tenantId: a.id, period: JANUARY, cursor: 'bm90IGEgY3Vyc29y' }),
      ),
    );
    expect(garbage.statusCode).toBe(400);
    const large = await refused(
      inTenant(a, (tx) => readKeysetPage(tx, punchStore, { tenantId: a.id, period: JANUARY, pageSize: 101 })),
    );
    expect(large.errors?.[0]).toMatchObject({ field: 'pageSize', code: 'error.max' });
  });

  it('upserts day records and sums a month per worker', async () => {
    const [w1, w2] = workersOf.get(a.id) ?? [];
    const days = (minutes: number) =>
      Array.from({ length: 31 }, (_, d) =>
        [w1, w2].map((workerId, w) => ({
          workDate: `2026-01-${String(d + 1).padStart(2, '0')}`,
          workerId: workerId ?? '',
          shiftCode: 'HC',
          workedMinutes: minutes + w,
          lateMinutes: d % 7 === 0 ? 5 : 0,
          earlyMinutes: 0,
          overtimeMinutes: 0,
          nightMinutes: 0,
          daySymbol: 'X',
        })),
      ).flat();
    const first = await inTenant(a, (tx) =>
      writeBatch(tx, dayRecordStore, days(480), { actor: actor(a), action: 'UPDATE' }),
    );
    expect(first).toMatchObject({ received: 62, written: 62, partitionsMade: 1 });
    const sums = () =>
      inTenant(a, (tx) =>
        sumOverPeriod(tx, dayRecordStore, {
          tenantId: a.id,
          period: JANUARY,
          sums: ['workedMinutes', 'lateMinutes'],
          groupBy: ['workerId'],
        }),
      );
    const before = await sums();
    expect(before.map((row) => [row.group.workerId, row.count, row.sums.workedMinutes])).toEqual(
      [
        [w1, 31, 31 * 480],
        [w2, 31, 31 * 481],
      ].sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
    );
    expect(before[0]?.sums.lateMinutes).toBe(5 * 5); // days 1, 8, 15, 22, 29
    // computed again: the same 62 days are replaced, not added
    const again = await inTenant(a, (tx) =>
      writeBatch(tx, dayRecordStore, days(420), { actor: actor(a), action: 'UPDATE' }),
    );
    expect(again.written).toBe(62);
    expect(await count('tm_day_records', a)).toBe(62);
    const after = await sums();
    expect(after.map((row) => row.sums.workedMinutes).sort()).toEqual([31 * 420, 31 * 421].sort());
  });

  /**
   * A pay period of the tenant (a sheet of a salary period, its lines' run: migrations 0075–0076),
   * computed, NEW unless said otherwise.
   */
  const salaryPeriod = async (tenant: TenantRow, status = 'NEW', month = '2026-01-01') => {
    const [sheet] = await rows<{ id: string }>(
      db.orm,
      sql`with period as (
            insert into salary_periods (tenant_id, code, name, period_month)
            values (${tenant.id}, ${`KL_${randomUUID().slice(0, 8)}`}, 'Kỳ lương', ${month}) returning id)
          insert into pay_periods (tenant_id, code, name, salary_period_id, compute_status, approval_status)
          select ${tenant.id}, ${`BL_${randomUUID().slice(0, 8)}`}, 'Bảng lương', id, 'COMPUTED', ${status} from period
          returning id`,
    );
    return sheet?.id ?? '';
  };
  /** Two lines per worker of the tenant for the run: an amount and a number. */
  const payrollLines = (tenant: TenantRow, runId: string, base = 10_000_000) =>
    (workersOf.get(tenant.id) ?? []).flatMap((workerId, w) => [
      {
        periodMonth: '2026-01-01',
        runId,
        workerId,
        componentCode: 'LUONG_CB',
        valueType: 'AMOUNT' as const,
        amount: base + w,
      },
      {
        periodMonth: '2026-01-01',
        runId,
        workerId,
        componentCode: 'NGAY_CONG',
        valueType: 'NUMBER' as const,
        quantity: '26.5',
      },
    ]);
  const runLines = (tenant: TenantRow, runId: string) =>
    rows<{ worker_id: string; component_code: string; amount: string | null }>(
      db.orm,
      sql`select worker_id, component_code, amount::text from payroll_result_lines
          where tenant_id = ${tenant.id} and run_id = ${runId} order by worker_id, component_code`,
    );

  it('writes payroll lines as amounts or numbers and sums a run by component', async () => {
    const runId = await salaryPeriod(a);
    const lines = payrollLines(a, runId);
    const result = await inTenant(a, (tx) =>
      writeBatch(tx, resultLineStore, lines, { actor: actor(a), action: 'UPDATE', describe: { runId } }),
    );
    expect(result.written).toBe(6);
    const sums = await inTenant(a, (tx) =>
      sumOverPeriod(tx, resultLineStore, {
        tenantId: a.id,
        period: JANUARY,
        equals: { runId },
        sums: ['amount', 'quantity'],
        groupBy: ['componentCode'],
      }),
    );
    expect(sums).toEqual([
      { group: { componentCode: 'LUONG_CB' }, count: 3, sums: { amount: 30_000_003, quantity: '0' } },
      { group: { componentCode: 'NGAY_CONG' }, count: 3, sums: { amount: 0, quantity: '79.5000' } },
    ]);
  });

  it('replaces a run computed again: its stored lines deleted, the batch inserted, other runs untouched', async () => {
    const [runId, otherRun] = [await salaryPeriod(a), await salaryPeriod(a)];
    await inTenant(a, (tx) => writeBatch(tx, resultLineStore, payrollLines(a, runId), { actor: actor(a) }));
    await inTenant(a, (tx) =>
      writeBatch(tx, resultLineStore, payrollLines(a, otherRun), { actor: actor(a) }),
    );
    // computed again with one worker fewer (they left): their lines must go, not linger
    const again = payrollLines(a, runId, 20_000_000).slice(2);
    const replace = { period: JANUARY, equals: { runId } };
    const result = await inTenant(a, (tx) =>
      writeBatch(tx, resultLineStore, again, { actor: actor(a), action: 'UPDATE', replace }),
    );
    expect(result).toMatchObject({ received: 4, written: 4, replaced: 6 });
    const stored = await runLines(a, runId);
    expect(stored).toHaveLength(4);
    expect(
      stored
        .filter((line) => line.amount !== null)
        .map((line) => line.amount)
        .sort(),
    ).toEqual(['20000001', '20000002']);
    expect(await runLines(a, otherRun)).toHaveLength(6);
    const [entry] = (await batchLog(a, 'payroll_result')).slice(-1);
    expect(entry?.changes).toMatchObject({ written: { after: 4 }, replaced: { after: 6 } });
  });

  it('replaces some workers of a run (a chunk computed again): theirs deleted, the others’ untouched', async () => {
    const runId = await salaryPeriod(a);
    await inTenant(a, (tx) => writeBatch(tx, resultLineStore, payrollLines(a, runId), { actor: actor(a) }));
    const [first, second, third] = workersOf.get(a.id) ?? [];
    // the chunk of the first two: the first computed again, the second now without lines (failed)
    const again = payrollLines(a, runId, 30_000_000).filter((line) => line.workerId === first);
    const replace = { period: JANUARY, equals: { runId, workerId: [first ?? '', second ?? ''] } };
    const result = await inTenant(a, (tx) =>
      writeBatch(tx, resultLineStore, again, { actor: actor(a), action: 'UPDATE', replace }),
    );
    expect(result).toMatchObject({ received: 2, written: 2, replaced: 4 });
    const stored = await runLines(a, runId);
    expect(stored.map((line) => line.worker_id).sort()).toEqual([first, first, third, third].sort());
    expect(stored.filter((line) => line.worker_id === first && line.amount !== null)[0]?.amount).toBe(
      '30000000',
    );
    // a row of a worker the chunk does not name lies outside it: refused, nothing written
    const outside = await refused(
      inTenant(a, (tx) =>
        writeBatch(tx, resultLineStore, payrollLines(a, runId, 40_000_000), { actor: actor(a), replace }),
      ),
    );
    expect(outside.errors?.[0]).toMatchObject({ field: 'rows', params: { actual: 2 } });
    expect(await runLines(a, runId)).toEqual(stored);
  });

  it('refuses a run’s lines while its period is in approval or approved (409), and lines outside what a batch replaces (400)', async () => {
    const open = await salaryPeriod(a);
    await inTenant(a, (tx) => writeBatch(tx, resultLineStore, payrollLines(a, open), { actor: actor(a) }));
    for (const status of ['WAIT_APPROVE', 'IN_APPROVE', 'APPROVED']) {
      const locked = await salaryPeriod(a, status);
      const refusal = await refused(
        inTenant(a, (tx) =>
          writeBatch(tx, resultLineStore, [...payrollLines(a, open), ...payrollLines(a, locked)], {
            actor: actor(a),
          }),
        ),
      );
      expect(refusal.statusCode).toBe(409);
      expect(refusal.message).toContain(`${locked} (${status})`);
      expect(await runLines(a, locked)).toEqual([]);
    }
    const unknown = await refused(
      inTenant(a, (tx) =>
        writeBatch(tx, resultLineStore, payrollLines(a, randomUUID()), { actor: actor(a) }),
      ),
    );
    expect(unknown.errors?.[0]).toMatchObject({ field: 'rows[].runId', code: 'error.invalidValue' });
    const outside = await refused(
      inTenant(a, (tx) =>
        writeBatch(tx, resultLineStore, payrollLines(a, open, 1), {
          actor: actor(a),
          replace: { period: JANUARY, equals: { runId: randomUUID() } },
        }),
      ),
    );
    expect(outside.errors?.[0]).toMatchObject({ field: 'rows', params: { actual: 6 } });
    const notKey = await refused(
      inTenant(a, (tx) =>
        writeBatch(tx, resultLineStore, payrollLines(a, open, 1), {
          actor: actor(a),
          replace: { period: JANUARY, equals: { valueType: 'AMOUNT' } },
        }),
      ),
    );
    expect(notKey.errors?.[0]).toMatchObject({ field: 'replace.equals.valueType' });
    // nothing of the refused batches was written: the open run keeps its first lines
    expect(
      (await runLines(a, open))
        .map((line) => line.amount)
        .filter(Boolean)
        .sort(),
    ).toEqual(['10000000', '10000001', '10000002']);
  });

  it('refuses bad input with nothing written: another tenant’s row, another tenant’s worker, a wrong value', async () => {
    const punchesBefore = await count('tm_punches', a);
    const logBefore = (await batchLog(a, 'tm_punch')).length;
    const foreignRow = await refused(
      inTenant(a, (tx) =>
        writeBatch(
          tx,
          punchStore,
          [...punches(5, 'BAD'), { ...punches(1, 'BAD')[0], tenantId: b.id } as PunchRow],
          { actor: actor(a) },
        ),
      ),
    );
    expect(foreignRow.errors?.[0]).toMatchObject({ field: 'rows[5].tenantId', code: 'error.invalidValue' });

    const foreignWorker = await refused(
      inTenant(a, (tx) =>
        writeBatch(
          tx,
          punchStore,
          punches(5, 'BAD').map((row, i) => ({
            ...row,
            workerId: i === 4 ? workersOf.get(b.id)?.[0] : workersOf.get(a.id)?.[0],
          })),
          {
            actor: actor(a),
          },
        ),
      ),
    );
    expect(foreignWorker.errors?.[0]).toMatchObject({
      field: 'rows[].workerId',
      params: { actual: workersOf.get(b.id)?.[0] },
    });

    const wrongValues = await refused(
      inTenant(a, (tx) =>
        writeBatch(
          tx,
          punchStore,
          [
            ...punches(3, 'BAD'),
            { ...punches(1, 'BAD')[0], punchedAt: '2026-01-05 08:00' as unknown as Date },
            { ...punches(1, 'BAD')[0], deviceCode: 'x'.repeat(51) },
            { ...punches(1, 'BAD')[0], workerId: 'not-a-uuid' },
          ] as PunchRow[],
          { actor: actor(a) },
        ),
      ),
    );
    expect(wrongValues.errors?.map((e) => [e.field, e.code])).toEqual([
      ['rows[3].punchedAt', 'error.invalidDate'],
      ['rows[4].deviceCode', 'error.maxlength'],
      ['rows[5].workerId', 'error.invalidValue'],
    ]);
    const wrongAmount = await refused(
      inTenant(a, (tx) =>
        writeBatch(
          tx,
          resultLineStore,
          [
            {
              periodMonth: '2026-01-01',
              runId: randomUUID(),
              workerId: workersOf.get(a.id)?.[0] ?? '',
              componentCode: 'X',
              valueType: 'AMOUNT',
              amount: 1.5,
            },
          ],
          { actor: actor(a) },
        ),
      ),
    );
    expect(wrongAmount.errors?.[0]).toMatchObject({ field: 'rows[0].amount', code: 'error.invalidValue' });
    expect(await count('tm_punches', a)).toBe(punchesBefore);
    expect(await batchLog(a, 'tm_punch')).toHaveLength(logBefore);
  });

  it('lets one tenant read none of another’s rows, through the parent or a partition', async () => {
    await inTenant(b, (tx) => writeBatch(tx, punchStore, punches(20, 'B-01'), { actor: actor(b) }));
    // the owner sees both tenants, so the checks below can fail
    const owners = await rows<{ tenant_id: string }>(
      db.orm,
      sql`select distinct tenant_id from tm_punches_2026_01`,
    );
    expect(new Set(owners.map((r) => r.tenant_id))).toEqual(new Set([a.id, b.id]));
    for (const table of [
      'tm_punches',
      'tm_punches_2026_01',
      'tm_punches_2026_02',
      'tm_punches_default',
      'tm_day_records',
      'tm_day_records_2026_01',
      'payroll_result_lines_2026_01',
    ]) {
      const seen = await inTenant(b, (tx) =>
        rows<{ tenant_id: string }>(tx, sql.raw(`select distinct tenant_id from ${table}`)),
      );
      expect({ table, tenants: seen.map((r) => r.tenant_id).filter((t) => t !== b.id) }).toEqual({
        table,
        tenants: [],
      });
    }
    const page = await inTenant(b, (tx) =>
      readKeysetPage(tx, punchStore, { tenantId: a.id, period: JANUARY }),
    );
    expect(page.data).toEqual([]);
    // and a write of another tenant's row straight into a partition is refused by its policy
    expect(
      await refusal(
        inTenant(b, (tx) =>
          tx.execute(sql`insert into tm_punches_2026_01 (tenant_id, punched_at, device_code, attendance_code, source)
                         values (${a.id}, '2026-01-10T08:00:00+07:00', 'X', '1', 'MANUAL')`),
        ),
      ),
    ).toMatch(/row-level security/);
  });

  it('keeps a row of a month nobody made in the default partition, and moves it when the month is made', async () => {
    await db.orm
      .execute(sql`insert into tm_punches (tenant_id, punched_at, device_code, attendance_code, source)
                             values (${a.id}, '2027-06-15T08:00:00+07:00', 'LATE', '7', 'MANUAL')`);
    expect(await rows(db.orm, sql`select 1 from tm_punches_default where device_code = 'LATE'`)).toHaveLength(
      1,
    );
    const made = await inTenant(a, (tx) => ensureMonthPartitions(tx, punchStore, '2027-05', '2027-07'));
    expect(made).toBe(3);
    expect(await rows(db.orm, sql`select 1 from tm_punches_default where device_code = 'LATE'`)).toHaveLength(
      0,
    );
    expect(await rows(db.orm, sql`select 1 from tm_punches_2027_06 where device_code = 'LATE'`)).toHaveLength(
      1,
    );
    // the moved partition keeps its policy: forced, and another tenant sees nothing of it
    const [secured] = await rows<{ forced: boolean }>(
      db.orm,
      sql`select relforcerowsecurity as forced from pg_class where relname in ('tm_punches_2027_06', 'tm_punches_default') and not relforcerowsecurity`,
    );
    expect(secured).toBeUndefined();
    expect(await inTenant(b, (tx) => rows(tx, sql`select 1 from tm_punches_2027_06`))).toEqual([]);
    expect(await inTenant(a, (tx) => ensureMonthPartitions(tx, punchStore, '2027-06', '2027-06'))).toBe(0);
  });

  it('makes each month partition secured like every tenant table: forced, one policy, keys leading with tenant_id', async () => {
    const partitions = await rows<{ name: string; forced: boolean; policies: string[]; keys: string[] }>(
      db.orm,
      sql`select c.relname as name, c.relforcerowsecurity as forced,
                 array(select policyname::text from pg_policies p where p.tablename = c.relname order by 1) as policies,
                 array(select a.attname::text from pg_index i join pg_attribute a on a.attrelid = c.oid and a.attnum = i.indkey[0]
                       where i.indrelid = c.oid and (i.indisprimary or i.indisunique)) as keys
            from pg_inherits h join pg_class c on c.oid = h.inhrelid
           where h.inhparent in ('tm_punches'::regclass, 'tm_day_records'::regclass, 'payroll_result_lines'::regclass)`,
    );
    expect(partitions.length).toBeGreaterThan(6);
    for (const p of partitions)
      expect(p).toEqual({
        name: p.name,
        forced: true,
        policies: [`${p.name}_tenant_isolation`],
        keys: p.keys.map(() => 'tenant_id'),
      });
    expect(partitions.flatMap((p) => p.keys).length).toBeGreaterThan(6);
  });

  it('refuses to delete a worker who has facts, as a foreign key would; a tenant’s deletion takes both', async () => {
    const c = await makeTenant(db.orm);
    const [unit] = await rows<{ id: string }>(
      db.orm,
      sql`insert into organization_units (tenant_id, code, name) values (${c.id}, 'CTY', 'Công ty') returning id`,
    );
    const worker = async (code: string) =>
      (
        await rows<{ id: string }>(
          db.orm,
          sql`insert into workers (tenant_id, code, full_name, gender, organization_unit_id)
              values (${c.id}, ${code}, 'Trần Thị Bình', 'FEMALE', ${unit?.id}) returning id`,
        )
      )[0]?.id ?? '';
    const [withFacts, without] = [await worker('NV1'), await worker('NV2')];
    const day = { workDate: '2026-01-05', workerId: withFacts, workedMinutes: 480, daySymbol: 'X' };
    await inTenant(c, (tx) => writeBatch(tx, dayRecordStore, [day], { actor: actor(c), action: 'UPDATE' }));
    const run = await salaryPeriod(c);
    const line = { periodMonth: '2026-01-01', runId: run, workerId: withFacts, componentCode: 'LUONG_CB' };
    await inTenant(c, (tx) =>
      writeBatch(tx, resultLineStore, [{ ...line, valueType: 'AMOUNT', amount: 5_000_000 }], {
        actor: actor(c),
      }),
    );
    const deleteWorker = (id: string) =>
      inTenant(c, (tx) => tx.execute(sql`delete from workers where id = ${id}`));

    expect(await refusal(deleteWorker(withFacts))).toMatch(/has punches, day records or payroll lines/);
    expect(await count('tm_day_records', c)).toBe(1);
    await deleteWorker(without);
    expect(await count('workers', c)).toBe(1);
    // the tenant's deletion takes its workers, its periods and its facts alike (the facts by
    // 0052's trigger: they have no foreign key to tenants)
    await db.orm.execute(sql`delete from tenants where id = ${c.id}`);
    for (const table of [
      'tm_day_records',
      'payroll_result_lines',
      'pay_periods',
      'salary_periods',
      'workers',
    ])
      expect(await count(table, c), table).toBe(0);
  });
});

import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeBatch } from '../../../bulk/index.ts';
import type { Database, Tx } from '../../../db/database.ts';
import { inScope } from '../../../db/tenant-scope.ts';
import { testEngines } from '../../../testing/engines.ts';
import { makeTenant } from '../../../testing/factories.ts';
import { migratedDatabaseDuringSuite, rows } from '../../../testing/migrated-database.ts';
import { dayRecordStore } from '../tables/day-records.ts';
import { DAY_ENGINE_VERSION } from './compute-day.ts';
import type { DayRecordRow } from './day-record-row.ts';
import { writeDayRecords } from './write-day-records.ts';

const COMPUTED_AT = new Date('2026-02-10T03:00:00Z');
const LATER = new Date('2026-02-11T03:00:00Z');

/** A computed day as the engine builds it (day-record-row.ts): a worked office day unless told. */
function day(workerId: string, workDate: string, values: Partial<DayRecordRow> = {}): DayRecordRow {
  return {
    workDate,
    workerId,
    shiftCode: 'HC',
    assignmentId: '11111111-1111-4111-8111-111111111111',
    dayType: 'WEEKDAY',
    outcome: 'WORKED',
    firstIn: new Date(`${workDate}T00:56:00Z`),
    lastOut: new Date(`${workDate}T10:04:00Z`),
    scheduledMinutes: 480,
    workedMinutes: 480,
    lateMinutes: 0,
    earlyMinutes: 0,
    overtimeMinutes: 0,
    nightMinutes: 0,
    otWeekdayDayMinutes: 0,
    otWeekdayNightMinutes: 0,
    otRestDayMinutes: 0,
    otRestNightMinutes: 0,
    otHolidayDayMinutes: 0,
    otHolidayNightMinutes: 0,
    overtimePaidMinutes: 0,
    workUnits: 1000,
    paidLeaveUnits: 0,
    unpaidLeaveUnits: 0,
    paidUnits: 1000,
    flags: 0,
    punchCount: 2,
    strayPunches: 0,
    punchPairs: '476~1024',
    daySymbol: '+',
    heldAt: null,
    engineVersion: DAY_ENGINE_VERSION,
    computedAt: COMPUTED_AT,
    ...values,
  };
}

describe.each(await testEngines())('writing computed days on $engine', ({ engine }) => {
  const database = migratedDatabaseDuringSuite(engine);
  let db: Database;
  let tenantId: string;
  const workers: string[] = [];
  const actor = () => ({ scope: { tenantId, userId: null }, ip: null, userAgent: 'timesheet-test' });
  const inTenant = <T>(work: (tx: Tx) => Promise<T>) => inScope(db.orm, { tenantId, userId: null }, work);
  const write = (days: DayRecordRow[], computedAt = COMPUTED_AT) =>
    inTenant((tx) => writeDayRecords(tx, days, { actor: actor(), computedAt }));
  /** Every stored column of a worker's days but the worker, by day. */
  const stored = (workerId: string) =>
    rows<Record<string, unknown>>(
      db.orm,
      sql`select to_jsonb(d) - 'worker_id' as row from tm_day_records d
           where tenant_id = ${tenantId} and worker_id = ${workerId} order by work_date`,
    ).then((found) => found.map((r) => r.row));

  beforeAll(async () => {
    db = database();
    tenantId = (await makeTenant(db.orm)).id;
    const [unit] = await rows<{ id: string }>(
      db.orm,
      sql`insert into organization_units (tenant_id, code, name) values (${tenantId}, 'XUONG', 'Xưởng') returning id`,
    );
    for (let i = 0; i < 4; i++) {
      const [worker] = await rows<{ id: string }>(
        db.orm,
        sql`insert into workers (tenant_id, code, full_name, gender, organization_unit_id)
            values (${tenantId}, ${`CN${i}`}, ${`Lê Văn ${i}`}, 'MALE', ${unit?.id}) returning id`,
      );
      workers.push(worker?.id ?? '');
    }
  });

  it('stores the same rows as the general bulk writer, text with quotes and backslashes included', async () => {
    const [a, b] = workers as [string, string];
    const values = (workerId: string) => [
      day(workerId, '2026-01-05'),
      day(workerId, '2026-01-06', {
        outcome: 'INCOMPLETE',
        lastOut: null,
        punchPairs: '478~',
        daySymbol: null,
        flags: 2,
        workUnits: 0,
        paidUnits: 0,
      }),
      day(workerId, '2026-01-07', { shiftCode: 'Ca "đêm" \\ 2', daySymbol: '+/P', paidLeaveUnits: 500 }),
      day(workerId, '2026-01-31', {
        assignmentId: null,
        dayType: 'REST_DAY',
        outcome: 'REST',
        shiftCode: null,
        firstIn: null,
        lastOut: null,
        punchPairs: null,
        daySymbol: null,
        punchCount: 0,
        scheduledMinutes: 0,
        workedMinutes: 0,
        workUnits: 0,
        paidUnits: 0,
      }),
      day(workerId, '2026-02-01', { otRestDayMinutes: 120, overtimeMinutes: 120, overtimePaidMinutes: 240 }),
    ];
    await inTenant((tx) => writeBatch(tx, dayRecordStore, values(a), { actor: actor(), action: 'UPDATE' }));
    expect(await write(values(b))).toEqual({ written: 5, unchanged: 0 });
    const byBulk = await stored(a);
    expect(byBulk).toHaveLength(5);
    expect(await stored(b)).toEqual(byBulk);
  });

  it('leaves a day whose values are stored already as it was, and rewrites a changed one', async () => {
    const [, , c] = workers as [string, string, string];
    const week = ['2026-01-12', '2026-01-13', '2026-01-14'].map((d) => day(c, d));
    expect(await write(week)).toEqual({ written: 3, unchanged: 0 });
    // computed again later from the same inputs: nothing is written, not even the time
    expect(await write(week, LATER)).toEqual({ written: 0, unchanged: 3 });
    // a late punch changes one day
    const [monday, , wednesday] = week as [DayRecordRow, DayRecordRow, DayRecordRow];
    const later = day(c, '2026-01-13', { lateMinutes: 20, punchPairs: '500~1024' });
    expect(await write([monday, later, wednesday], LATER)).toEqual({ written: 1, unchanged: 2 });
    const days = await rows<{ work_date: string; late_minutes: number; computed_at: Date | string }>(
      db.orm,
      sql`select work_date::text as work_date, late_minutes, computed_at from tm_day_records
           where tenant_id = ${tenantId} and worker_id = ${c} order by work_date`,
    );
    expect(days.map((d) => [d.work_date, d.late_minutes, new Date(d.computed_at).toISOString()])).toEqual([
      ['2026-01-12', 0, COMPUTED_AT.toISOString()],
      ['2026-01-13', 20, LATER.toISOString()],
      ['2026-01-14', 0, COMPUTED_AT.toISOString()],
    ]);
  });

  it('keeps HR’s correction and the period, and clears a held mark', async () => {
    const [, , , d] = workers as [string, string, string, string];
    await write([day(d, '2026-01-19'), day(d, '2026-01-20')]);
    await db.orm.execute(sql`
      update tm_day_records set corrected_symbol = 'X', correction_reason = 'Quên chấm công', corrected_at = now()
       where tenant_id = ${tenantId} and worker_id = ${d} and work_date = '2026-01-19'`);
    await db.orm.execute(sql`
      update tm_day_records set held_at = now()
       where tenant_id = ${tenantId} and worker_id = ${d} and work_date = '2026-01-20'`);
    // the same values: the corrected day is unchanged; the held one is written (its mark cleared)
    expect(await write([day(d, '2026-01-19'), day(d, '2026-01-20')], LATER)).toEqual({
      written: 1,
      unchanged: 1,
    });
    await write([day(d, '2026-01-19', { earlyMinutes: 10 })], LATER);
    const [corrected, held] = await rows<{
      corrected_symbol: string | null;
      correction_reason: string | null;
      early_minutes: number;
      held_at: Date | null;
    }>(
      db.orm,
      sql`select corrected_symbol, correction_reason, early_minutes, held_at from tm_day_records
           where tenant_id = ${tenantId} and worker_id = ${d} order by work_date`,
    );
    expect(corrected).toEqual({
      corrected_symbol: 'X',
      correction_reason: 'Quên chấm công',
      early_minutes: 10,
      held_at: null,
    });
    expect(held?.held_at).toBeNull();
  });
});

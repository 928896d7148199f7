import type { ErrorEnvelope } from '@hcm/contracts';
import { dayCell, shownSymbol } from '@hcm/contracts/general-timesheet';
import type { MyTimekeepingMonth } from '@hcm/contracts/my-timekeeping';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeBatch } from '../../../bulk/index.ts';
import type { Tx } from '../../../db/database.ts';
import { inScope } from '../../../db/tenant-scope.ts';
import { startResourceTestKit, type Caller, type ResourceTestKit } from '../../../resources/testing/kit.ts';
import { testEngines } from '../../../testing/engines.ts';
import { accessTokenFor, makeUser } from '../../../testing/factories.ts';
import { rows } from '../../../testing/migrated-database.ts';
import { dayRecordStore } from '../tables/day-records.ts';
import { tenantToday } from '../requests/effects.ts';
import type { DayRecordRow } from '../timesheet/day-record-row.ts';

const MONTH = '/api/tm/my-timekeeping/month';
type Refusal = ErrorEnvelope & { errors?: { field: string; code: string }[] };

/*
 * An employee's own month against PostgreSQL and PGlite (docs/my-timekeeping.md): a seamstress
 * whose account is linked to her employee record, with March 2026 written as the engine writes
 * it (a late day, a day of annual leave, half a day of leave, a rest day of overtime); a colleague
 * with days of her own; an account with no employee record. Nobody holds a permission.
 */
describe.each(await testEngines())('my timekeeping on $engine', ({ engine }) => {
  let kit: ResourceTestKit;
  let hr: Caller;
  let seamstress = '';
  let colleague = '';
  let unlinked = '';
  const worker = { seamstress: '', colleague: '' };

  const month = (token: string, query: string) =>
    kit.http.get<{ data: MyTimekeepingMonth }>(`${MONTH}${query}`, token);
  const day = (workDate: string, workerId: string, values: Partial<DayRecordRow>): DayRecordRow => ({
    workDate,
    workerId,
    shiftCode: 'HC',
    dayType: 'WEEKDAY',
    outcome: 'WORKED',
    daySymbol: '+',
    scheduledMinutes: 480,
    workedMinutes: 480,
    workUnits: 1000,
    paidUnits: 1000,
    punchPairs: '480~1020',
    punchCount: 2,
    lateMinutes: 0,
    earlyMinutes: 0,
    overtimeMinutes: 0,
    nightMinutes: 0,
    otWeekdayDayMinutes: 0,
    otWeekdayNightMinutes: 0,
    otRestDayMinutes: 0,
    otRestNightMinutes: 0,
    paidLeaveUnits: 0,
    unpaidLeaveUnits: 0,
    ...values,
  });
  const leave = {
    outcome: 'LEAVE' as const,
    daySymbol: 'P',
    workedMinutes: 0,
    workUnits: 0,
    paidLeaveUnits: 1000,
  };

  beforeAll(async () => {
    kit = await startResourceTestKit(engine);
    hr = await kit.caller([], ['timesheet.view']);
    const deps = { db: kit.server.db.orm, passwords: kit.server.passwords };
    const user = async () => {
      const made = await makeUser(deps, { tenantId: hr.tenantId, permissions: [], dataScope: 'SELF' });
      return { id: made.user.id, token: await accessTokenFor(kit.server.db.orm, made.user) };
    };
    const [mine, theirs, nobody] = [await user(), await user(), await user()];
    [seamstress, colleague, unlinked] = [mine.token, theirs.token, nobody.token];
    await inScope(kit.server.db.orm, { tenantId: hr.tenantId, userId: null }, async (tx: Tx) => {
      const one = async (query: ReturnType<typeof sql>) =>
        (await rows<{ id: string }>(tx, query))[0]?.id ?? '';
      const unit = await one(
        sql`insert into organization_units (tenant_id, code, name) values (${hr.tenantId}, 'XM', 'Xưởng may') returning id`,
      );
      const addWorker = (code: string, name: string, userId: string) =>
        one(sql`insert into workers (tenant_id, code, full_name, gender, organization_unit_id, user_id)
                values (${hr.tenantId}, ${code}, ${name}, 'FEMALE', ${unit}, ${userId}) returning id`);
      worker.seamstress = await addWorker('NV001', 'Nguyễn Thị Mai', mine.id);
      worker.colleague = await addWorker('NV002', 'Trần Thị Hoa', theirs.id);
      await writeBatch(
        tx,
        dayRecordStore,
        [
          day('2026-03-02', worker.seamstress, {
            lateMinutes: 12,
            workedMinutes: 468,
            punchPairs: '492~1020',
          }),
          day('2026-03-03', worker.seamstress, { ...leave, paidUnits: 1000, punchPairs: null }),
          // the first half on leave, the second worked
          day('2026-03-04', worker.seamstress, {
            daySymbol: 'P/2',
            workedMinutes: 240,
            workUnits: 500,
            paidLeaveUnits: 500,
          }),
          day('2026-03-08', worker.seamstress, {
            dayType: 'REST_DAY',
            shiftCode: null,
            workedMinutes: 0,
            workUnits: 0,
            paidUnits: 0,
            overtimeMinutes: 240,
            otRestDayMinutes: 240,
            punchPairs: '480~720',
          }),
          day('2026-03-02', worker.colleague, { ...leave, daySymbol: 'Ô', paidUnits: 1000 }),
          day('2026-03-05', worker.colleague, {}),
        ],
        { actor: { scope: { tenantId: hr.tenantId, userId: null }, ip: null, userAgent: 'test' } },
      );
    });
  });
  afterAll(async () => {
    await kit.stop();
  });

  it("answers the caller's own month: each day's symbol, lateness, hours, and the totals", async () => {
    const res = await month(seamstress, '?month=2026-03');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const mine = res.body.data;
    expect(mine).toMatchObject({
      workerId: worker.seamstress,
      workerCode: 'NV001',
      workerName: 'Nguyễn Thị Mai',
    });
    expect(mine.days).toHaveLength(31);
    expect(mine.days[0]).toBe('2026-03-01');
    const symbols = mine.days.map((_, i) => shownSymbol(mine.texts, mine.columns, i));
    expect(symbols.slice(0, 9)).toEqual(['', '+', 'P', 'P/2', '', '', '', '+', '']);
    expect(dayCell(mine.texts, mine.columns, 1)).toMatchObject({
      outcome: 'WORKED',
      lateMinutes: 12,
      workedMinutes: 468,
      pairs: '492~1020',
    });
    expect(dayCell(mine.texts, mine.columns, 2)).toMatchObject({ symbol: 'P', outcome: 'LEAVE' });
    expect(dayCell(mine.texts, mine.columns, 4)).toBeNull();
    expect(mine.totals).toMatchObject({
      workUnits: 1500,
      paidLeaveUnits: 1500,
      unpaidLeaveUnits: 0,
      lateCount: 1,
      lateMinutes: 12,
      overtime: { weekdayDay: 0, restDay: 240 },
    });
    // the tenant's symbols of March, as the general timesheet's legend
    expect(mine.legend).toContainEqual({ key: 'ANNUAL_LEAVE', symbol: 'P' });
    expect(mine.locked).toBe(false);
  });

  it("never answers another worker's days: each account sees its own", async () => {
    const theirs = (await month(colleague, '?month=2026-03')).body.data;
    expect(theirs.workerId).toBe(worker.colleague);
    const symbols = theirs.days.map((_, i) => shownSymbol(theirs.texts, theirs.columns, i));
    expect(symbols.filter(Boolean)).toEqual(['Ô', '+']);
    expect(theirs.totals.lateMinutes).toBe(0);
    // a month with nothing written: every day blank, the totals zero
    const april = (await month(seamstress, '?month=2026-04')).body.data;
    expect(april.days).toHaveLength(30);
    expect(april.columns.symbol).toEqual(new Array(30).fill(-1));
    expect(april.totals.workUnits).toBe(0);
    // no month asked: this month, by the server's clock in Vietnam
    const current = await month(seamstress, '');
    expect(current.status).toBe(200);
    expect(current.body.data.month).toBe(tenantToday().slice(0, 7));
  });

  it('answers 404 in the envelope when the account has no employee record', async () => {
    const res = await kit.http.get<Refusal>(`${MONTH}?month=2026-03`, unlinked);
    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/not linked to an employee record/);
  });

  it('refuses a malformed month or one outside 2000–2200 with a field error', async () => {
    for (const bad of ['2026-13', '2026-3', '1999-12', '2201-01', 'march', '2026-03-01']) {
      const res = await kit.http.get<Refusal>(`${MONTH}?month=${bad}`, seamstress);
      expect(res.status, bad).toBe(400);
      expect(res.body.errors?.[0]?.field, bad).toBe('month');
    }
    const extra = await kit.http.get<Refusal>(
      `${MONTH}?month=2026-03&workerId=${worker.colleague}`,
      seamstress,
    );
    expect(extra.status).toBe(400);
    expect((await month(seamstress, '?month=2200-12')).status).toBe(200);
  });
});

import { readFileSync } from 'node:fs';
import type { ErrorEnvelope, PageEnvelope } from '@hcm/contracts';
import type { CalendarDay, GeneratedHolidayYear } from '@hcm/contracts/labour-calendar';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inScope } from '../../../db/tenant-scope.ts';
import { startResourceTestKit, type Caller, type ResourceTestKit } from '../../../resources/testing/kit.ts';
import { testEngines } from '../../../testing/engines.ts';
import { statementsDuring } from '../../../testing/statements-during.ts';
import { holidayResource } from '../../om/leave-categories/resources.ts';
import { resolveCalendar, resolveCalendars } from './resolve.ts';
import { labourCalendarResources } from './resources.ts';

type Row = Record<string, unknown> & { id: string; version: number };

const seed = (file: string) =>
  JSON.parse(readFileSync(new URL(`../../../../seed-data/${file}`, import.meta.url), 'utf8')) as Record<
    string,
    unknown
  >[];

const HOLIDAYS = '/api/om/holidays';
const GENERATE = `${HOLIDAYS}/generate-year`;
const WEEKLY = '/api/tm/weekly-off-rules';
const STANDARD = '/api/tm/standard-working-days';
const LABOUR = '/api/tm/labour-rules';
const DAYS = '/api/tm/calendar-days';

describe.each(await testEngines())('the labour calendar on $engine', ({ engine }) => {
  let kit: ResourceTestKit;
  let caller: Caller;
  let unitId: string;
  let childId: string;
  let officeId: string;
  const get = <T>(path: string) => kit.http.get<T>(path, caller.token);
  const post = <T>(path: string, body?: unknown) => kit.http.post<T>(path, body, caller.token);
  const count = async (base: string) => (await get<{ data: number }>(`${base}/count`)).body.data;
  const codes = async (filter = '') =>
    (await get<PageEnvelope<Row>>(`${HOLIDAYS}?pageSize=100${filter}`)).body.data.map((r) => r.code).sort();
  const days = async (query: string) =>
    (await get<{ data: { days: CalendarDay[] } }>(`${DAYS}?${query}`)).body.data.days;

  beforeAll(async () => {
    kit = await startResourceTestKit(engine);
    caller = await kit.caller([holidayResource, ...labourCalendarResources]);
    // the product's seed files, written as the API takes them (each a create body)
    for (const [base, file] of [
      [HOLIDAYS, 'om/holidays.json'],
      [LABOUR, 'tm/labour-rules.json'],
      [STANDARD, 'tm/standard-working-days.json'],
    ] as const)
      for (const body of seed(file)) {
        const res = await post(base, body);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      }
    await inScope(kit.server.db.orm, { tenantId: caller.tenantId, userId: null }, async (tx) => {
      const unit = (await tx.execute(
        sql`insert into organization_units (tenant_id, code, name) values (${caller.tenantId}, 'NHA_MAY', 'Nhà máy') returning id`,
      )) as unknown as { rows: { id: string }[] };
      unitId = String(unit.rows[0]?.id);
      const child = (await tx.execute(
        sql`insert into organization_units (tenant_id, code, name, parent_id) values (${caller.tenantId}, 'XUONG_1', 'Xưởng 1', ${unitId}) returning id`,
      )) as unknown as { rows: { id: string }[] };
      childId = String(child.rows[0]?.id);
      const office = (await tx.execute(
        sql`insert into organization_units (tenant_id, code, name) values (${caller.tenantId}, 'VAN_PHONG', 'Văn phòng') returning id`,
      )) as unknown as { rows: { id: string }[] };
      officeId = String(office.rows[0]?.id);
    });
  });
  afterAll(() => kit?.stop());

  describe('generating a year', () => {
    it('writes 2027’s statutory days and the compensatory days of those on a weekend', async () => {
      const res = await post<{ data: GeneratedHolidayYear }>(GENERATE, { year: 2027 });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const created = Object.fromEntries(
        res.body.data.created.map((r) => [r.code, [r.startDate, r.endDate, r.kind]]),
      );
      expect(created).toEqual({
        NEW_YEAR_2027: ['2027-01-01', '2027-01-01', 'PUBLIC_HOLIDAY'],
        // Tết: Friday 5/2 to Tuesday 9/2, its weekend made up on Wednesday and Thursday
        LUNAR_NEW_YEAR_2027: ['2027-02-05', '2027-02-09', 'PUBLIC_HOLIDAY'],
        LUNAR_NEW_YEAR_2027_COMP: ['2027-02-10', '2027-02-10', 'COMPENSATORY_DAY_OFF'],
        LUNAR_NEW_YEAR_2027_COMP_2: ['2027-02-11', '2027-02-11', 'COMPENSATORY_DAY_OFF'],
        HUNG_KINGS_2027: ['2027-04-16', '2027-04-16', 'PUBLIC_HOLIDAY'],
        REUNIFICATION_DAY_2027: ['2027-04-30', '2027-04-30', 'PUBLIC_HOLIDAY'],
        // 1 May 2027 is a Saturday: Monday 3 May
        LABOUR_DAY_2027: ['2027-05-01', '2027-05-01', 'PUBLIC_HOLIDAY'],
        LABOUR_DAY_2027_COMP: ['2027-05-03', '2027-05-03', 'COMPENSATORY_DAY_OFF'],
        NATIONAL_DAY_2027: ['2027-09-01', '2027-09-02', 'PUBLIC_HOLIDAY'],
      });
      expect(res.body.data.skipped).toEqual([]);
      const [tet] = (await get<PageEnvelope<Row>>(`${HOLIDAYS}?code=LUNAR_NEW_YEAR_2027`)).body.data;
      expect(tet).toMatchObject({ kind: 'PUBLIC_HOLIDAY', paid: true, status: 'ACTIVE' });
    });

    it('is idempotent, and never changes a day the tenant edited', async () => {
      const [national] = (await get<PageEnvelope<Row>>(`${HOLIDAYS}?code=NATIONAL_DAY_2027`)).body.data;
      if (!national) throw new Error('generated before');
      const moved = await post<{ data: Row }>(`${HOLIDAYS}/${national.id}/update`, {
        version: national.version,
        startDate: '2027-09-02',
        endDate: '2027-09-03',
      });
      expect(moved.status).toBe(200);
      const before = await count(HOLIDAYS);
      const again = await post<{ data: GeneratedHolidayYear }>(GENERATE, { year: 2027 });
      expect(again.status).toBe(200);
      expect(again.body.data.created).toEqual([]);
      expect(new Set(again.body.data.skipped.map((s) => s.reason))).toEqual(new Set(['CODE_EXISTS']));
      expect(await count(HOLIDAYS)).toBe(before);
      const [kept] = (await get<PageEnvelope<Row>>(`${HOLIDAYS}?code=NATIONAL_DAY_2027`)).body.data;
      expect(kept).toMatchObject({
        startDate: '2027-09-02',
        endDate: '2027-09-03',
        version: national.version + 1,
      });
    });

    it('adds nothing to the seeded 2026 schedule', async () => {
      const before = await codes();
      const res = await post<{ data: GeneratedHolidayYear }>(GENERATE, { year: 2026 });
      expect(res.body.data.created).toEqual([]);
      expect(res.body.data.skipped.map((s) => s.code)).toContain('HUNG_KINGS_2026_COMP');
      expect(await codes()).toEqual(before);
    });

    it('leaves a day alone where the tenant keeps a holiday of its own, and 3 September when asked', async () => {
      const own = await post(HOLIDAYS, {
        code: 'QUOC_KHANH_2028',
        name: 'Quốc khánh',
        kind: 'PUBLIC_HOLIDAY',
        startDate: '2028-09-02',
        endDate: '2028-09-02',
        paid: true,
      });
      expect(own.status).toBe(200);
      const res = await post<{ data: GeneratedHolidayYear }>(GENERATE, {
        year: 2028,
        nationalDayNeighbour: 'AFTER',
      });
      expect(res.body.data.skipped).toContainEqual({
        code: 'NATIONAL_DAY_2028',
        startDate: '2028-09-02',
        endDate: '2028-09-03',
        reason: 'DAY_TAKEN',
      });
      // its own holiday is a Saturday in 2028: its compensatory day is the Monday
      expect(res.body.data.created.map((r) => [r.code, r.startDate])).toContainEqual([
        'QUOC_KHANH_2028_COMP',
        '2028-09-04',
      ]);
    });

    it('owes compensatory days by the company-wide weekly rule: a tenant working Saturdays owes none for one', async () => {
      const factory = await kit.caller([holidayResource, ...labourCalendarResources]);
      const week = { monday: 'WORK', tuesday: 'WORK', wednesday: 'WORK', thursday: 'WORK', friday: 'WORK' };
      const rule = await kit.http.post(
        WEEKLY,
        {
          code: 'SIX_DAYS',
          name: 'Làm Thứ Bảy',
          effectiveDate: '2020-01-01',
          ...week,
          saturday: 'WORK',
          sunday: 'OFF',
        },
        factory.token,
      );
      expect(rule.status, JSON.stringify(rule.body)).toBe(200);
      const res = await kit.http.post<{ data: GeneratedHolidayYear }>(
        GENERATE,
        { year: 2027 },
        factory.token,
      );
      const compensations = res.body.data.created.filter((r) => r.kind === 'COMPENSATORY_DAY_OFF');
      // Tết 2027: Saturday 6/2 worked, Sunday 7/2 owed: Wednesday 10/2; 1 May, a Saturday, owes nothing
      expect(compensations.map((r) => [r.code, r.startDate])).toEqual([
        ['LUNAR_NEW_YEAR_2027_COMP', '2027-02-10'],
      ]);
    });

    it("skips a compensatory day whose code another year's row already has, instead of failing", async () => {
      const day = (code: string, date: string) =>
        post<{ data: Row }>(HOLIDAYS, {
          code,
          name: 'Ngày thành lập',
          startDate: date,
          endDate: date,
          paid: true,
        });
      // the company's own day, Sunday 3 June 2029, and a row of 2028 that took its compensatory code
      expect((await day('FOUNDING_DAY', '2029-06-03')).status).toBe(200);
      const old = await day('FOUNDING_DAY_COMP', '2028-06-05');
      expect(old.status).toBe(200);
      expect((await post(`${HOLIDAYS}/${old.body.data.id}/inactive`)).status).toBe(200);
      const res = await post<{ data: GeneratedHolidayYear }>(GENERATE, { year: 2029 });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.skipped).toContainEqual({
        code: 'FOUNDING_DAY_COMP',
        startDate: '2029-06-04',
        endDate: '2029-06-04',
        reason: 'CODE_EXISTS',
      });
      expect(res.body.data.created.map((r) => r.code)).toContain('LUNAR_NEW_YEAR_2029');
    });

    it.each([
      [{ year: 1900 }, 'year'],
      [{ year: 2300 }, 'year'],
      [{ year: '2029' }, 'year'],
      [{ year: 2029.5 }, 'year'],
      [{}, 'year'],
      [{ year: 2029, nationalDayNeighbour: 'BOTH' }, 'nationalDayNeighbour'],
      [{ year: 2029, overwrite: true }, 'overwrite'],
    ])('refuses %j with 400 on its field, writing nothing', async (body, field) => {
      const before = await count(HOLIDAYS);
      const res = await post<ErrorEnvelope>(GENERATE, body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.errors?.map((e) => e.field)).toContain(field);
      expect(await count(HOLIDAYS)).toBe(before);
    });

    it('refuses a caller without the holiday’s create permission', async () => {
      const reader = await kit.caller([], ['holiday.view']);
      const res = await kit.http.post<ErrorEnvelope>(GENERATE, { year: 2029 }, reader.token);
      expect(res.status).toBe(403);
    });
  });

  describe('the rules', () => {
    it('refuses an overtime rate below 100 % and a second rule on one date', async () => {
      const [law] = seed('tm/labour-rules.json');
      const low = await post<ErrorEnvelope>(LABOUR, {
        ...law,
        code: 'LOW_RATE',
        effectiveDate: '2030-01-01',
        overtimeWeekdayPercent: 90,
      });
      expect(low.status).toBe(400);
      expect(low.body.errors?.map((e) => e.field)).toEqual(['overtimeWeekdayPercent']);
      const twice = await post<ErrorEnvelope>(LABOUR, { ...law, code: 'TWICE' });
      expect(twice.status).toBe(409);
      expect(twice.body.errors?.map((e) => e.field)).toEqual(['effectiveDate']);
      const night = await post<ErrorEnvelope>(LABOUR, {
        ...law,
        code: 'NIGHT',
        effectiveDate: '2030-01-01',
        nightEndHour: 22,
      });
      expect(night.status).toBe(400);
      expect(night.body.errors?.map((e) => e.field)).toEqual(['nightEndHour']);
    });

    it('asks a fixed number of standard days for FIXED, and none for CALENDAR', async () => {
      const base = { code: 'STD_FIXED', name: 'Cố định', effectiveDate: '2026-06-01' };
      const none = await post<ErrorEnvelope>(STANDARD, { ...base, method: 'FIXED' });
      expect(none.status).toBe(400);
      expect(none.body.errors?.map((e) => e.field)).toEqual(['days']);
      const many = await post<ErrorEnvelope>(STANDARD, { ...base, method: 'FIXED', days: '32' });
      expect(many.status).toBe(400);
      const counted = await post<ErrorEnvelope>(STANDARD, { ...base, method: 'CALENDAR', days: '26' });
      expect(counted.status).toBe(400);
      const fixed = await post<{ data: Row }>(STANDARD, {
        ...base,
        method: 'FIXED',
        days: '26',
        organizationUnitId: unitId,
      });
      expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
    });

    it('refuses a week with no working day', async () => {
      const off = Object.fromEntries(
        ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [d, 'OFF']),
      );
      const res = await post<ErrorEnvelope>(WEEKLY, {
        code: 'NEVER',
        name: 'Không làm',
        effectiveDate: '2026-01-01',
        ...off,
      });
      expect(res.status).toBe(400);
    });
  });

  describe('the days of a range', () => {
    beforeAll(async () => {
      // the factory works Saturday mornings from 2026; its workshop inherits it
      const res = await post(WEEKLY, {
        code: 'NHA_MAY_2026',
        name: 'Nhà máy: nghỉ chiều Thứ Bảy và Chủ nhật',
        organizationUnitId: unitId,
        effectiveDate: '2026-01-01',
        monday: 'WORK',
        tuesday: 'WORK',
        wednesday: 'WORK',
        thursday: 'WORK',
        friday: 'WORK',
        saturday: 'AFTERNOON_OFF',
        sunday: 'OFF',
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    });

    it("gives the tenant's days with why, from the seeded schedule and the configuration", async () => {
      const april = await days('from=2026-04-25&to=2026-05-04');
      expect(april.map((d) => d.type)).toEqual([
        'WEEKLY_REST_DAY',
        'PUBLIC_HOLIDAY',
        'COMPENSATORY_DAY_OFF',
        'WORKING_DAY',
        'WORKING_DAY',
        'PUBLIC_HOLIDAY',
        'PUBLIC_HOLIDAY',
        'WEEKLY_REST_DAY',
        'WEEKLY_REST_DAY',
        'WORKING_DAY',
      ]);
      expect(april[0]).toMatchObject({
        source: 'CONFIGURATION',
        reason: 'Nghỉ hằng tuần: Thứ Bảy (Cấu hình hệ thống)',
        reasonEn: 'Weekly rest day: Saturday (System configuration)',
      });
      expect(april[2]).toMatchObject({
        compensates: '2026-04-26',
        source: 'HOLIDAY_CALENDAR',
        standardDays: '22',
      });
      const res = await get<{ data: { labourRules: { code: string; overtimeHolidayPercent: number }[] } }>(
        `${DAYS}?from=2026-04-25&to=2026-04-25`,
      );
      expect(res.body.data.labourRules).toEqual([
        expect.objectContaining({ code: 'LABOUR_CODE_2019', overtimeHolidayPercent: 300 }),
      ]);
    });

    it("gives a unit below the factory the factory's half Saturdays and its fixed standard days", async () => {
      const june = await days(`from=2026-06-06&to=2026-06-07&organizationUnitId=${childId}`);
      expect(june.map((d) => [d.type, d.restHalf, d.standardDays])).toEqual([
        ['HALF_REST_DAY', 'AFTERNOON', '26'],
        ['WEEKLY_REST_DAY', null, '26'],
      ]);
    });

    it('follows an edit of the calendar at once: a day made inactive is worked', async () => {
      const [comp] = (await get<PageEnvelope<Row>>(`${HOLIDAYS}?code=HUNG_KINGS_2026_COMP`)).body.data;
      expect((await post(`${HOLIDAYS}/${comp?.id}/inactive`)).status).toBe(200);
      const [monday] = await days('from=2026-04-27&to=2026-04-27');
      // the holiday on Sunday is still owed: the resolver gives the Monday itself
      expect(monday).toMatchObject({
        type: 'COMPENSATORY_DAY_OFF',
        source: 'COMPENSATION',
        compensates: '2026-04-26',
      });
      expect((await post(`${HOLIDAYS}/${comp?.id}/active`)).status).toBe(200);
    });

    it.each([
      ['from=2026-05-02&to=2026-05-01', 'to'],
      ['from=2026-01-01&to=2027-01-02', 'to'],
      ['from=2026-02-30&to=2026-03-01', 'from'],
      [
        `from=2026-01-01&to=2026-01-02&organizationUnitId=${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`,
        'organizationUnitId',
      ],
    ])('refuses %s with 400 on %s', async (query, field) => {
      const res = await get<ErrorEnvelope>(`${DAYS}?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.errors?.map((e) => e.field)).toContain(field);
    });

    it('reads a year of days in one statement, for one unit or several', async () => {
      const db = kit.server.db.orm;
      let one: Awaited<ReturnType<typeof resolveCalendar>> | undefined;
      let many: Awaited<ReturnType<typeof resolveCalendars>> | undefined;
      const range = { tenantId: caller.tenantId, from: '2026-01-01', to: '2026-12-31' };
      const sent = await statementsDuring(
        () =>
          inScope(db, { tenantId: caller.tenantId, userId: null }, async (tx) => {
            one = await resolveCalendar(tx, { ...range, organizationUnitId: childId });
            many = await resolveCalendars(tx, { ...range, organizationUnitIds: [childId, officeId, unitId] });
          }),
        { ownOnly: true },
      );
      expect(one?.days).toHaveLength(365);
      expect(one?.rulesOn('2026-07-01')?.overtimeRestDayPercent).toBe(200);
      // each unit by its own chain: the workshop and the factory work Saturday mornings, the office not
      const saturday = (unit: string) => many?.get(unit)?.days.find((day) => day.date === '2026-06-06')?.type;
      expect([saturday(childId), saturday(unitId), saturday(officeId)]).toEqual([
        'HALF_REST_DAY',
        'HALF_REST_DAY',
        'WEEKLY_REST_DAY',
      ]);
      expect(many?.get(childId)?.days).toEqual(one?.days);
      if (engine === 'postgresql') expect(sent.filter((s) => s.includes('weekly_off_rules'))).toHaveLength(2);
    });
  });
});

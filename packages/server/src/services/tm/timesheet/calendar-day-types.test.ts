import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/database.ts';
import { inScope } from '../../../db/tenant-scope.ts';
import { testEngines } from '../../../testing/engines.ts';
import { makeTenant } from '../../../testing/factories.ts';
import { migratedDatabaseDuringSuite, rows } from '../../../testing/migrated-database.ts';
import type { LabourRuleInForce } from '../calendar/resolve-days.ts';
import { dayRulesOf, labourCalendarDayTypes } from './calendar-day-types.ts';
import { computeDay } from './compute-day.ts';
import { DECREE_145_RULES, dayInput, hm, punchAt } from './factories.ts';

/** The labour rule every tenant is seeded with (seed-data/tm/labour-rules.json). */
const seeded = JSON.parse(
  readFileSync(new URL('../../../../seed-data/tm/labour-rules.json', import.meta.url), 'utf8'),
)[0] as Omit<LabourRuleInForce, 'id'>;

describe('the labour calendar’s rules as the day computation reads them', () => {
  it('the seeded Labour Code 2019 rule gives Decree 145’s rates and the 22:00–06:00 night', () => {
    expect(dayRulesOf({ ...seeded, id: 'seeded' })).toEqual(DECREE_145_RULES);
  });

  it('a tenant paying more than the law: its rates reach the day', () => {
    const generous = dayRulesOf({ ...seeded, id: 'x', overtimeWeekdayPercent: 180, nightStartHour: 21 });
    const late = { kind: 'OVERTIME' as const, period: { start: hm('17:00'), end: hm('22:00') } };
    const day = computeDay(
      dayInput({
        punches: [punchAt('2026-01-05 07:55'), punchAt('2026-01-05 22:00')],
        adjustments: [late],
        rules: generous,
      }),
    );
    expect(day.overtime).toMatchObject({ weekdayDay: 240, weekdayNight: 60 });
    // 240 min at 180 % = 432; 60 at night after daytime overtime at 180 + 30 + 20 % of 180 = 246 %
    // = 147.6; 579.6 rounded half up
    expect(day.overtimePaidMinutes).toBe(580);
  });
});

describe.each(await testEngines())('the labour calendar as the day-type source on $engine', ({ engine }) => {
  const database = migratedDatabaseDuringSuite(engine);
  let db: Database;

  beforeAll(() => {
    db = database();
  });

  it('gives each worker’s days their pay class and the rules in force; none before the rule', async () => {
    const tenant = await makeTenant(db.orm);
    const [unit] = await rows<{ id: string }>(
      db.orm,
      sql`insert into organization_units (tenant_id, code, name) values (${tenant.id}, 'VP', 'Văn phòng') returning id`,
    );
    const [worker] = await rows<{ id: string }>(
      db.orm,
      sql`insert into workers (tenant_id, code, full_name, gender, organization_unit_id)
          values (${tenant.id}, 'NV1', 'Lê Văn Một', 'MALE', ${unit?.id}) returning id`,
    );
    await db.orm.execute(sql`delete from labour_rules where tenant_id = ${tenant.id}`);
    await db.orm.execute(sql`
      insert into labour_rules (tenant_id, code, name, effective_date, normal_hours_per_day, normal_hours_per_week,
        night_start_hour, night_end_hour, overtime_weekday_percent, overtime_rest_day_percent,
        overtime_holiday_percent, night_work_percent, night_overtime_percent)
      values (${tenant.id}, 'LD2019', 'Bộ luật Lao động 2019', '2026-01-05', 8, 48, 22, 6, 150, 200, 300, 30, 20)`);
    const id = worker?.id ?? '';
    const days = await inScope(db.orm, { tenantId: tenant.id, userId: null }, (tx) =>
      labourCalendarDayTypes.days(tx, [id], '2026-01-04', '2026-01-06'),
    );
    const mine = days.get(id);
    expect(mine?.get('2026-01-04')).toMatchObject({ dayType: 'REST_DAY', rules: null }); // a Sunday, before the rule
    expect(mine?.get('2026-01-05')).toMatchObject({
      dayType: 'WEEKDAY',
      paidOff: false,
      rules: DECREE_145_RULES,
    });
  });
});

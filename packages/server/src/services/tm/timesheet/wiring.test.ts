import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeBatch } from '../../../bulk/index.ts';
import type { Database } from '../../../db/database.ts';
import { inScope } from '../../../db/tenant-scope.ts';
import { startJobQueue, type JobQueue } from '../../../jobs/job-queue.ts';
import { testEngines } from '../../../testing/engines.ts';
import { makeTenant } from '../../../testing/factories.ts';
import { migratedDatabaseDuringSuite, rows } from '../../../testing/migrated-database.ts';
import { punchStore } from '../tables/punches.ts';
import { punchAt } from './factories.ts';
import { registerTimesheetJobs } from './jobs.ts';
import { requestRecomputationForPunches } from './recompute-keys.ts';
import { drainDayRecomputation } from './recompute-job.ts';
import { timesheetInputs } from './wiring.ts';

/**
 * The engine on the product's own sources: a work shift (08:00–17:00, lunch 12:00–13:00), an
 * approved work calendar giving it to one worker Monday to Friday, and the tenant's labour rule.
 */
describe.each(await testEngines())('the timesheet engine on the real calendars on $engine', ({ engine }) => {
  const database = migratedDatabaseDuringSuite(engine);
  let db: Database;
  let queue: JobQueue;
  let tenantId: string;
  let workerId: string;
  let calendarId: string;

  beforeAll(async () => {
    db = database();
    tenantId = (await makeTenant(db.orm)).id;
    const one = async <T>(query: ReturnType<typeof sql>) => (await rows<T>(db.orm, query))[0] as T;
    const unit = await one<{ id: string }>(
      sql`insert into organization_units (tenant_id, code, name) values (${tenantId}, 'CH1', 'Cửa hàng 1') returning id`,
    );
    workerId = (
      await one<{ id: string }>(
        sql`insert into workers (tenant_id, code, full_name, gender, organization_unit_id)
            values (${tenantId}, 'NV9', 'Phạm Thị Chín', 'FEMALE', ${unit.id}) returning id`,
      )
    ).id;
    const shift = await one<{ id: string }>(
      sql`insert into work_shifts (tenant_id, code, name, kind, start_time, end_time, required_hours,
            late_tolerance_minutes, early_tolerance_minutes)
          values (${tenantId}, 'HC', 'Hành chính', 'FIXED', '08:00', '17:00', 8, 5, 5) returning id`,
    );
    await db.orm.execute(sql`
      insert into work_shift_breaks (tenant_id, shift_id, position, start_time, end_time, paid)
      values (${tenantId}, ${shift.id}, 0, '12:00', '13:00', false)`);
    calendarId = (
      await one<{ id: string }>(
        sql`insert into tm_work_calendars (tenant_id, code, name, target_type, from_date, pattern_type,
              work_shift_id, approval_status, approved_at)
            values (${tenantId}, 'LLV1', 'Lịch hành chính', 'WORKER', '2026-01-01', 'WEEKLY', ${shift.id}, 'APPROVED', now())
            returning id`,
      )
    ).id;
    await db.orm.execute(sql`
      insert into tm_work_calendar_workers (tenant_id, calendar_id, worker_id, ordinal)
      values (${tenantId}, ${calendarId}, ${workerId}, 0)`);
    for (const weekday of ['MON', 'TUE', 'WED', 'THU', 'FRI'])
      await db.orm.execute(sql`
        insert into tm_work_calendar_weekdays (tenant_id, calendar_id, weekday) values (${tenantId}, ${calendarId}, ${weekday})`);
    await db.orm.execute(sql`delete from labour_rules where tenant_id = ${tenantId}`);
    await db.orm.execute(sql`
      insert into labour_rules (tenant_id, code, name, effective_date, normal_hours_per_day, normal_hours_per_week,
        night_start_hour, night_end_hour, overtime_weekday_percent, overtime_rest_day_percent,
        overtime_holiday_percent, night_work_percent, night_overtime_percent)
      values (${tenantId}, 'LD2019', 'Bộ luật Lao động 2019', '2021-02-01', 8, 48, 22, 6, 150, 200, 300, 30, 20)`);
    queue = await startJobQueue(db, pino({ level: 'silent' }), { pollSeconds: 1, runJobs: false });
    await registerTimesheetJobs(queue, db.orm, pino({ level: 'silent' }), timesheetInputs());
  });
  afterAll(async () => {
    await queue.stop();
  });

  it('a Friday punched late and a Saturday worked without a shift', async () => {
    await inScope(db.orm, { tenantId, userId: null }, async (tx) => {
      const batch = ['2026-01-09 08:12', '2026-01-09 17:02', '2026-01-10 09:00', '2026-01-10 11:00'].map(
        (local) => ({
          punchedAt: new Date(punchAt(local).at),
          deviceCode: 'MCC-01',
          attendanceCode: '9',
          workerId,
          source: 'DEVICE' as const,
        }),
      );
      await writeBatch(tx, punchStore, batch, {
        actor: { scope: { tenantId, userId: null }, ip: null, userAgent: 'test' },
      });
      await requestRecomputationForPunches(tx, queue, tenantId, batch);
    });
    const drained = await drainDayRecomputation(db.orm, tenantId, timesheetInputs());
    expect(drained).toMatchObject({ computed: 4, skipped: 0 }); // the 8th to the 11th
    const days = await rows<{
      work_date: string;
      outcome: string;
      shift_code: string | null;
      assignment_id: string | null;
      late_minutes: number;
      worked_minutes: number;
      day_type: string;
    }>(
      db.orm,
      sql`select work_date::text as work_date, outcome, shift_code, assignment_id, late_minutes, worked_minutes, day_type
            from tm_day_records where tenant_id = ${tenantId} and worker_id = ${workerId} order by work_date`,
    );
    expect(days).toEqual([
      {
        work_date: '2026-01-08',
        outcome: 'ABSENT',
        shift_code: 'HC',
        assignment_id: calendarId,
        late_minutes: 0,
        worked_minutes: 0,
        day_type: 'WEEKDAY',
      },
      {
        work_date: '2026-01-09',
        outcome: 'WORKED',
        shift_code: 'HC',
        assignment_id: calendarId,
        late_minutes: 12,
        worked_minutes: 468,
        day_type: 'WEEKDAY',
      },
      {
        work_date: '2026-01-10',
        outcome: 'UNSCHEDULED',
        shift_code: null,
        assignment_id: null,
        late_minutes: 0,
        worked_minutes: 120,
        day_type: 'REST_DAY',
      },
      {
        work_date: '2026-01-11',
        outcome: 'REST',
        shift_code: null,
        assignment_id: null,
        late_minutes: 0,
        worked_minutes: 0,
        day_type: 'REST_DAY',
      },
    ]);
  });
});

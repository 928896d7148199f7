// The work calendars' resolver (docs/work-calendars.md) on PostgreSQL: a 10,000-worker tenant's
// month of shifts — the question the timesheet engine asks — with a realistic mix of calendars
// (the company's office hours, rotations per workshop and per team, titles, individuals), beside
// the raw SQL of the same three reads in the same run. Not part of the test run.
//
//   npx tsx bench/work-calendars.ts [--workers 10000] [--runs 20]
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../packages/server/src/config.ts';
import { openDatabase } from '../packages/server/src/db/open-database.ts';
import { inScope } from '../packages/server/src/db/tenant-scope.ts';
import { resolveShifts } from '../packages/server/src/services/tm/work-calendars/resolve-shifts.ts';
import { makeTenant } from '../packages/server/src/testing/factories.ts';
import { percentile } from './lib/measure.ts';
import { withScratchDatabase } from './lib/scratch-database.ts';
import { rawClientOf } from './lib/server-deps.ts';

const { values } = parseArgs({
  options: { workers: { type: 'string', default: '10000' }, runs: { type: 'string', default: '20' } },
});
const WORKERS = Number(values.workers);
const RUNS = Number(values.runs);
const ms = (value: number) => `${value.toFixed(1)} ms`;

await withScratchDatabase(async (env) => {
  const config = loadConfig(env);
  const db = await openDatabase(config.database);
  try {
    await db.migrate(config.migrationsDir);
    const raw = rawClientOf(db.orm);
    const tenant = await makeTenant(db.orm, { code: 'calendar_bench' });
    const t = tenant.id;
    // 1 company › 10 factories › 100 workshops › 400 teams (working groups)
    await raw.query(
      `insert into organization_units (tenant_id, code, name, type_code) values ($1, 'CTY', 'Công ty', 'CONG_TY')`,
      [t],
    );
    await raw.query(
      `insert into organization_units (tenant_id, code, name, type_code, parent_id)
       select $1, 'NM' || f, 'Nhà máy ' || f, 'KHOI', (select id from organization_units where tenant_id = $1 and code = 'CTY')
         from generate_series(1, 10) f`,
      [t],
    );
    await raw.query(
      `insert into organization_units (tenant_id, code, name, type_code, parent_id)
       select $1, 'PX' || x, 'Phân xưởng ' || x, 'PHONG',
              (select id from organization_units where tenant_id = $1 and code = 'NM' || (1 + (x - 1) / 10))
         from generate_series(1, 100) x`,
      [t],
    );
    await raw.query(
      `insert into organization_units (tenant_id, code, name, type_code, parent_id)
       select $1, 'TO' || g, 'Tổ ' || g, 'TO',
              (select id from organization_units where tenant_id = $1 and code = 'PX' || (1 + (g - 1) / 4))
         from generate_series(1, 400) g`,
      [t],
    );
    await raw.query(
      `insert into job_titles (tenant_id, code, name) select $1, 'CD' || j, 'Chức danh ' || j from generate_series(1, 50) j`,
      [t],
    );
    await raw.query(
      `insert into work_shifts (tenant_id, code, name, start_time, end_time, required_hours)
       values ($1, 'HC', 'Hành chính', '08:00', '17:00', 8), ($1, 'S1', 'Ca 1', '06:00', '14:00', 8),
              ($1, 'S2', 'Ca 2', '14:00', '22:00', 8), ($1, 'S3', 'Ca 3', '22:00', '06:00', 8)`,
      [t],
    );
    // workers in the teams (a fifth of them straight in their workshop), a title each
    await raw.query(
      `insert into workers (tenant_id, code, full_name, gender, organization_unit_id, job_title_id)
       select $1, 'CN' || lpad(i::text, 6, '0'), 'Công nhân ' || i, 'FEMALE',
              (select id from organization_units where tenant_id = $1
                  and code = case when i % 5 = 0 then 'PX' || (1 + i % 100) else 'TO' || (1 + i % 400) end),
              (select id from job_titles where tenant_id = $1 and code = 'CD' || (1 + i % 50))
         from generate_series(1, $2::int) i`,
      [t, WORKERS],
    );
    const shift = async (code: string) =>
      (
        (await raw.query(`select id from work_shifts where tenant_id = $1 and code = $2`, [t, code]))
          .rows as { id: string }[]
      )[0]?.id;
    const [hc, s1, s2, s3] = [await shift('HC'), await shift('S1'), await shift('S2'), await shift('S3')];
    const calendar = async (values: string, params: unknown[]) =>
      raw.query(
        `insert into tm_work_calendars (tenant_id, code, name, target_type, organization_unit_id, job_title_id,
           from_date, to_date, pattern_type, work_shift_id, rotation_unit, anchor_date, approval_status, approved_at)
         ${values}`,
        params,
      );
    // the company: office hours; each workshop: a weekly three-shift rotation; each team of one
    // workshop in ten: a daily two-on-two-off rotation; each title of one in five: office hours;
    // 200 individual calendars of 5 workers each (Saturdays)
    await calendar(
      `select $1, 'CTY_HC', 'Hành chính', 'UNIT', id, null, '2026-01-01', null, 'WEEKLY', $2, null, null, 'APPROVED', now()
         from organization_units where tenant_id = $1 and code = 'CTY'`,
      [t, hc],
    );
    await calendar(
      `select $1, 'XOAY_' || code, 'Xoay ca ' || name, 'UNIT', id, null, '2026-01-01', '2026-12-31', 'ROTATION', null, 'WEEK', '2025-12-29', 'APPROVED', now()
         from organization_units where tenant_id = $1 and type_code = 'PHONG'`,
      [t],
    );
    await calendar(
      `select $1, 'TO_' || code, 'Hai ca ' || name, 'WORKING_GROUP', id, null, '2026-01-15', '2026-06-30', 'ROTATION', null, 'DAY', '2026-01-15', 'APPROVED', now()
         from organization_units where tenant_id = $1 and type_code = 'TO' and substr(code, 3)::int % 10 = 0`,
      [t],
    );
    await calendar(
      `select $1, 'CD_' || code, 'Hành chính ' || name, 'JOB_TITLE', null, id, '2026-01-01', null, 'WEEKLY', $2, null, null, 'APPROVED', now()
         from job_titles where tenant_id = $1 and substr(code, 3)::int % 5 = 0`,
      [t, hc],
    );
    await calendar(
      `select $1, 'NV_' || i, 'Thứ Bảy ' || i, 'WORKER', null, null, '2026-01-01', '2026-03-31', 'WEEKLY', $2, null, null, 'APPROVED', now()
         from generate_series(1, 200) i`,
      [t, s1],
    );
    await raw.query(
      `insert into tm_work_calendar_workers (tenant_id, calendar_id, worker_id, ordinal)
       select $1, c.id, w.id, k - 1
         from tm_work_calendars c
         cross join generate_series(1, 5) k
         join workers w on w.tenant_id = $1 and w.code = 'CN' || lpad(((substr(c.code, 4)::int - 1) * 5 + k)::text, 6, '0')
        where c.tenant_id = $1 and c.target_type = 'WORKER'`,
      [t],
    );
    await raw.query(
      `insert into tm_work_calendar_weekdays (tenant_id, calendar_id, weekday)
       select $1, c.id, d from tm_work_calendars c,
              unnest(case when c.target_type = 'WORKER' then array['SAT']
                          when c.target_type = 'WORKING_GROUP' then array['MON','TUE','WED','THU','FRI','SAT','SUN']
                          else array['MON','TUE','WED','THU','FRI','SAT'] end) d
        where c.tenant_id = $1`,
      [t],
    );
    await raw.query(
      `insert into tm_work_calendar_rotation (tenant_id, calendar_id, position, work_shift_id)
       select $1, c.id, p - 1, case when c.rotation_unit = 'WEEK' then (array[$2, $3, $4]::uuid[])[p]
                                    else (array[$2, $3, null, null]::uuid[])[p] end
         from tm_work_calendars c, generate_series(1, 4) p
        where c.tenant_id = $1 and c.pattern_type = 'ROTATION' and (c.rotation_unit = 'DAY' or p <= 3)`,
      [t, s1, s2, s3],
    );
    await raw.query('ANALYZE');
    const counts = (
      await raw.query(
        `select (select count(*)::int from tm_work_calendars where tenant_id = $1) as calendars,
                (select count(*)::int from organization_units where tenant_id = $1) as units`,
        [t],
      )
    ).rows[0] as { calendars: number; units: number };
    const company = (
      (await raw.query(`select id from organization_units where tenant_id = $1 and code = 'CTY'`, [t]))
        .rows as {
        id: string;
      }[]
    )[0]?.id as string;
    const scope = { tenantId: t, userId: null };

    const month = () =>
      inScope(db.orm, scope, (tx) =>
        resolveShifts(tx, { workers: { organizationUnitId: company }, from: '2026-03-01', to: '2026-03-31' }),
      );
    const first = await month();
    let cells = 0;
    let decided = 0;
    for (const days of first.days.values())
      for (const day of days) {
        cells++;
        if (day.calendarId) decided++;
      }
    const samples: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      await month();
      samples.push(performance.now() - started);
    }
    // the same three reads as raw SQL, in the tenant's scope, with nothing done with the rows
    const rawSamples: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const client = await (
        raw as unknown as { connect(): Promise<{ query: typeof raw.query; release(): void }> }
      ).connect();
      const started = performance.now();
      try {
        await client.query('begin');
        await client.query(
          `select set_config('app.tenant_id', $1, true), set_config('role', 'hcm_app', true)`,
          [t],
        );
        await client.query(
          `with recursive tree as (select id from organization_units where id = $1
             union select u.id from organization_units u join tree t on u.parent_id = t.id)
           select w.id, w.organization_unit_id, w.job_title_id from workers w join tree t on t.id = w.organization_unit_id`,
          [company],
        );
        await client.query(`select id, parent_id from organization_units`);
        await client.query(
          `select c.*, (select json_agg(d.weekday) from tm_work_calendar_weekdays d where d.tenant_id = c.tenant_id and d.calendar_id = c.id),
                  (select json_agg(r.work_shift_id order by r.position) from tm_work_calendar_rotation r where r.tenant_id = c.tenant_id and r.calendar_id = c.id),
                  (select json_agg(w.worker_id order by w.ordinal) from tm_work_calendar_workers w where w.tenant_id = c.tenant_id and w.calendar_id = c.id)
             from tm_work_calendars c
            where c.from_date <= '2026-03-31' and (c.to_date is null or c.to_date >= '2026-03-01') and c.approval_status = 'APPROVED'`,
        );
        await client.query('commit');
      } finally {
        client.release();
      }
      rawSamples.push(performance.now() - started);
    }
    console.log(
      JSON.stringify(
        {
          workers: WORKERS,
          units: counts.units,
          calendars: counts.calendars,
          cells,
          decidedCells: decided,
          resolveMonth: { p50: ms(percentile(samples, 50)), p95: ms(percentile(samples, 95)) },
          rawSqlOfTheSameReads: { p50: ms(percentile(rawSamples, 50)), p95: ms(percentile(rawSamples, 95)) },
          runs: RUNS,
        },
        null,
        2,
      ),
    );
  } finally {
    await db.close();
  }
});

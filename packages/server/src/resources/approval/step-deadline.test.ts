import { DEFAULT_WORKING_WEEK } from '@hcm/contracts/system';
import type { ApprovalTimeline } from '@hcm/contracts/approvals';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inScope } from '../../db/tenant-scope.ts';
import { testEngines } from '../../testing/engines.ts';
import { startApprovalStory, type ApprovalStory } from '../testing/approval-fixture.ts';
import { deadlineOf, stepDeadline, stepSchedule, workingCalendar } from './step-deadline.ts';

/*
 * Issue 27: a step's SLA in minutes, hours, days or working days (docs/approvals.md "Step
 * durations"). The start is the engine's clock (ApprovalDeps.now), given here as an instant.
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** a Vietnam local time (UTC+7) as an instant */
const vn = (local: string) => new Date(`${local}+07:00`);
const sla = (slaAmount: number | null, slaUnit: string, slaTime = 0) => ({ slaAmount, slaUnit, slaTime });
/** Tết Bính Ngọ 2026 as seed-data/om/holidays.json has it: 16 to 20 February */
const TET = new Set(['2026-02-16', '2026-02-17', '2026-02-18', '2026-02-19', '2026-02-20']);

describe('a step’s deadline from its unit (pure: the calendar and the clock given)', () => {
  const week = workingCalendar(new Set());

  it('counts minutes, hours and days on the calendar, weekends included', () => {
    const friday = vn('2026-03-06T15:00:00');
    expect(stepDeadline(friday, sla(90, 'MINUTES'), week)).toEqual(vn('2026-03-06T16:30:00'));
    expect(stepDeadline(friday, sla(16, 'HOURS'), week)).toEqual(vn('2026-03-07T07:00:00'));
    expect(stepDeadline(friday, sla(2, 'DAYS'), week)).toEqual(vn('2026-03-08T15:00:00'));
    expect(stepDeadline(friday, sla(30, 'DAYS'), week).getTime() - friday.getTime()).toBe(30 * DAY);
  });

  it('counts working days past the weekend: Friday 15:00 plus two is Tuesday 15:00', () => {
    expect(stepDeadline(vn('2026-03-06T15:00:00'), sla(2, 'WORKING_DAYS'), week)).toEqual(
      vn('2026-03-10T15:00:00'),
    );
    // started on a Saturday: Monday is the first working day after it
    expect(stepDeadline(vn('2026-03-07T09:00:00'), sla(1, 'WORKING_DAYS'), week)).toEqual(
      vn('2026-03-09T09:00:00'),
    );
    // late in the evening in Hà Nội is still that day there (16:30 UTC on Friday is 23:30 in Vietnam)
    expect(stepDeadline(new Date('2026-03-06T16:30:00Z'), sla(1, 'WORKING_DAYS'), week)).toEqual(
      new Date('2026-03-09T16:30:00Z'),
    );
  });

  it('skips the tenant’s public holidays: two working days from the Friday before Tết end on 24 February', () => {
    const calendar = workingCalendar(TET);
    expect(stepDeadline(vn('2026-02-13T10:00:00'), sla(2, 'WORKING_DAYS'), calendar)).toEqual(
      vn('2026-02-24T10:00:00'),
    );
    // 30 working days is the longest: six weeks and the holiday
    expect(stepDeadline(vn('2026-02-02T08:00:00'), sla(30, 'WORKING_DAYS'), calendar)).toEqual(
      vn('2026-03-23T08:00:00'),
    );
  });

  it('works a rest day worked in a swap and skips the day off it pays for (2026: Friday 2/1 off, Saturday 10/1 worked)', () => {
    const swapped = workingCalendar(
      new Set(['2026-01-01', '2026-01-02']),
      undefined,
      new Set(['2026-01-10']),
    );
    // from Wednesday 31/12/2025: New Year, the Friday off and the weekend are skipped
    expect(stepDeadline(vn('2025-12-31T10:00:00'), sla(1, 'WORKING_DAYS'), swapped)).toEqual(
      vn('2026-01-05T10:00:00'),
    );
    // from Friday 9/1: the Saturday is worked
    expect(stepDeadline(vn('2026-01-09T10:00:00'), sla(1, 'WORKING_DAYS'), swapped)).toEqual(
      vn('2026-01-10T10:00:00'),
    );
  });

  it('works the days the tenant’s week works: a HALF Saturday counts', () => {
    const saturdays = workingCalendar(new Set(), {
      timeZone: 'Asia/Ho_Chi_Minh',
      workingWeek: { ...DEFAULT_WORKING_WEEK, saturday: 'HALF' },
    });
    expect(stepDeadline(vn('2026-03-06T15:00:00'), sla(2, 'WORKING_DAYS'), saturdays)).toEqual(
      vn('2026-03-09T15:00:00'),
    );
  });

  it('ends a working-day count on a calendar with no working day, as calendar days', () => {
    const never = workingCalendar(new Set(), {
      timeZone: 'Asia/Ho_Chi_Minh',
      workingWeek: Object.fromEntries(
        Object.keys(DEFAULT_WORKING_WEEK).map((day) => [day, 'OFF']),
      ) as typeof DEFAULT_WORKING_WEEK,
    });
    expect(stepDeadline(vn('2026-03-06T15:00:00'), sla(2, 'WORKING_DAYS'), never)).toEqual(
      vn('2026-03-08T15:00:00'),
    );
  });

  it('schedules steps one after another, each from when the previous is due', () => {
    const steps = stepSchedule(
      vn('2026-02-13T10:00:00'),
      [sla(2, 'WORKING_DAYS'), sla(3, 'HOURS'), sla(1, 'WORKING_DAYS')],
      workingCalendar(TET),
    );
    expect(steps).toEqual([
      { start: vn('2026-02-13T10:00:00'), end: vn('2026-02-24T10:00:00') },
      { start: vn('2026-02-24T10:00:00'), end: vn('2026-02-24T13:00:00') },
      { start: vn('2026-02-24T13:00:00'), end: vn('2026-02-25T13:00:00') },
    ]);
    expect(stepSchedule(vn('2026-02-13T10:00:00'), [], week)).toEqual([]);
  });

  it('keeps a step snapshotted before units as the minutes of its slaTime', () => {
    const start = vn('2026-03-06T15:00:00');
    expect(stepDeadline(start, sla(null, 'MINUTES', 45 * 60_000), week)).toEqual(vn('2026-03-06T15:45:00'));
  });
});

describe.each(await testEngines())(
  'a step’s deadline from the tenant’s calendar on $engine',
  ({ engine }) => {
    let story: ApprovalStory;
    beforeAll(async () => {
      story = await startApprovalStory(engine);
      const db = story.kit.server.db.orm;
      await inScope(db, { tenantId: story.tenantId, userId: null }, async (tx) => {
        await tx.execute(sql`insert into holidays (tenant_id, code, name, start_date, end_date, paid)
        values (${story.tenantId}, 'TET_2026', 'Tết Âm lịch Bính Ngọ', '2026-02-16', '2026-02-20', true),
               (${story.tenantId}, 'OLD_2026', 'Ngày nghỉ đã bỏ', '2026-02-23', '2026-02-23', true)`);
        // an INACTIVE holiday is worked
        await tx.execute(sql`update holidays set status = 'INACTIVE' where code = 'OLD_2026'`);
      });
    });
    afterAll(() => story?.kit.stop());

    it('reads the tenant’s ACTIVE holidays and its working week, and no other tenant’s', async () => {
      const db = story.kit.server.db.orm;
      const due = (tenantId: string) =>
        inScope(db, { tenantId, userId: null }, (tx) =>
          deadlineOf(tx, tenantId, vn('2026-02-13T10:00:00'), sla(2, 'WORKING_DAYS')),
        );
      expect(await due(story.tenantId)).toEqual(vn('2026-02-24T10:00:00'));
      const other = await story.kit.caller([]);
      expect(await due(other.tenantId)).toEqual(vn('2026-02-17T10:00:00'));
    });

    it('gives a requested step its deadline in working days (the timeline shows it)', async () => {
      const template = await story.template({
        code: 'QT_HAI_NGAY',
        steps: [
          {
            name: 'Trưởng phòng duyệt',
            assignmentType: 'ROLE',
            assignmentId: story.ids.managerRole,
            slaAmount: 2,
            slaUnit: 'WORKING_DAYS',
          },
        ],
      });
      const record = await story.displacement();
      const requested = await story.post(story.hr, `/api/om/displacements/${record.id}/request-approval`, {
        workflowTemplateId: template,
        steps: [{ workFlowStepTemplateId: `${template}#1`, assigneeUserId: story.manager.userId }],
      });
      expect(requested.status, JSON.stringify(requested.body)).toBe(200);
      const timeline = await story.get<{ data: ApprovalTimeline }>(
        story.hr,
        `/api/om/displacements/${record.id}/approval-timeline`,
      );
      const step = timeline.body.data.requests[0]?.steps[0];
      const started = new Date(step?.startedAt ?? '');
      const calendar = workingCalendar(new Set());
      // the real clock today: whatever day it is, two working days on, and never less than two days
      expect(new Date(step?.dueAt ?? '')).toEqual(stepDeadline(started, sla(2, 'WORKING_DAYS'), calendar));
      expect(Date.parse(step?.dueAt ?? '') - started.getTime()).toBeGreaterThanOrEqual(2 * DAY);
    });
  },
);

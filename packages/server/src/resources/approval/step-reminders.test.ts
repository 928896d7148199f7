import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.ts';
import { inScope } from '../../db/tenant-scope.ts';
import { sendNotifications } from '../../services/notification/index.ts';
import { displacementResource } from '../../services/om/personnel-changes/resources.ts';
import { testEngines } from '../../testing/engines.ts';
import { httpClient } from '../../testing/http-client.ts';
import { startTestServer } from '../../testing/test-server.ts';
import {
  startApprovalStory,
  type ApprovalStory,
  type Person,
  type Saved,
} from '../testing/approval-fixture.ts';
import type { ApprovalDeps } from './approval-deps.ts';
import { remindStep, type ReminderJob } from './step-reminders.ts';

const MINUTE = 60_000;
const API = '/api/om/displacements';

/** The titles in a user's inbox, oldest first. */
const inbox = (db: Db, tenantId: string, who: Person) =>
  inScope(db, { tenantId, userId: null }, async (tx) => {
    const result = (await tx.execute(
      sql`select title from user_notifications where user_id = ${who.userId} order by created_at, id`,
    )) as unknown as { rows: { title: string }[] };
    return result.rows.map((row) => row.title);
  });
const reminders = (titles: string[]) => titles.filter((t) => /^(Sắp đến hạn|Quá hạn) xử lý/.test(t));

describe.each(await testEngines())('the steps’ reminders on $engine', ({ engine }) => {
  let story: ApprovalStory;
  beforeAll(async () => {
    story = await startApprovalStory(engine);
  });
  afterAll(() => story?.kit.stop());

  it('reminds the assignee and the requester at the lead time, again every loop, each reminder once, none after the step is acted on', async () => {
    const record = await story.displacement();
    const requested = await story.post(story.hr, `${API}/${record.id}/request-approval`, story.assignment());
    expect(requested.status).toBe(200);
    const db = story.kit.server.db.orm;
    const [step] = await inScope(db, { tenantId: story.tenantId, userId: null }, async (tx) => {
      const result = (await tx.execute(
        sql`select request_id, started_at, due_at from approval_steps where record_id = ${record.id} and position = 1`,
      )) as unknown as { rows: { request_id: string; started_at: Date | string }[] };
      return result.rows;
    });
    const start = new Date(step?.started_at ?? '').getTime();
    // the test's clock: minutes after the step started
    let minutes = 0;
    const deps: ApprovalDeps = {
      notify: (tx, tenantId, ids, message) => sendNotifications(tx, tenantId, ids, message),
      queue: null,
      now: () => new Date(start + minutes * MINUTE),
      // reminders choose no assignee
      assignees: {},
    };
    const job = (sequence: number) => ({
      id: `job-${sequence}`,
      retryCount: 0,
      retryLimit: 5,
      data: {
        tenantId: story.tenantId,
        recordType: 'om/displacements',
        requestId: step?.request_id as string,
        position: 1,
        sequence,
      } satisfies ReminderJob,
    });
    const run = (sequence: number) =>
      inScope(db, { tenantId: story.tenantId, userId: null }, (tx) =>
        remindStep(tx, deps, displacementResource, job(sequence)),
      );
    const managerReminders = async () => reminders(await inbox(db, story.tenantId, story.manager));

    // the step is due an hour after it started; the template's lead time is 10 minutes
    minutes = 49;
    expect(await run(0)).toBe('not-due');
    expect(await managerReminders()).toEqual([]);
    minutes = 51;
    expect(await run(0)).toBe('sent');
    expect(await managerReminders()).toEqual([
      `Sắp đến hạn xử lý: Quyết định điều động, bổ nhiệm ${String(record.decisionNumber)}`,
    ]);
    expect(reminders(await inbox(db, story.tenantId, story.hr))).toHaveLength(1);
    // the same job again (a process died before pg-boss marked it done): nothing sent twice
    expect(await run(0)).toBe('stale');
    expect(await managerReminders()).toHaveLength(1);
    // the next one 30 minutes after the first was due, overdue by then
    minutes = 79;
    expect(await run(1)).toBe('not-due');
    minutes = 81;
    expect(await run(1)).toBe('sent');
    expect((await managerReminders()).at(-1)).toMatch(/^Quá hạn xử lý/);
    // acted on: the following reminder is stale
    expect((await story.post(story.manager, `${API}/${record.id}/approve`, {})).status).toBe(200);
    minutes = 200;
    expect(await run(2)).toBe('stale');
    expect(await managerReminders()).toHaveLength(2);
  });
});

describe.each(await testEngines())(
  'a workflow across a restart and two processes on $engine',
  ({ engine }) => {
    let story: ApprovalStory;
    let stopped = false;
    beforeAll(async () => {
      story = await startApprovalStory(engine);
    });
    afterAll(async () => {
      if (!stopped) await story?.kit.server.stop();
      await story?.kit.database.dispose();
    });

    it('loses nothing across a restart, sends each due reminder once with two processes, and the workflow goes on', async (context) => {
      // an in-memory PGlite belongs to one process: there is nothing to restart onto or to share
      if (engine === 'pglite') context.skip();
      const template = await story.template({
        code: 'QT_GAP',
        notificationDuration: 5 * MINUTE,
        steps: [
          {
            name: 'Duyệt gấp',
            assignmentType: 'USER',
            assignmentId: story.manager.userId,
            slaAmount: 1,
            slaUnit: 'MINUTES',
          },
          {
            name: 'Duyệt cuối',
            assignmentType: 'USER',
            assignmentId: story.director.userId,
            slaAmount: 60,
            slaUnit: 'MINUTES',
          },
        ],
      });
      const assignment = {
        workflowTemplateId: template,
        steps: [
          { workFlowStepTemplateId: `${template}#1`, assigneeUserId: story.manager.userId },
          { workFlowStepTemplateId: `${template}#2`, assigneeUserId: story.director.userId },
        ],
      };
      // the lead time exceeds the SLA: each request's first reminder is due at once
      const requestVia = async (url: string, record: Saved) => {
        const res = await httpClient(url).post(
          `${API}/${record.id}/request-approval`,
          assignment,
          story.hr.token,
        );
        expect(res.status).toBe(200);
        return record;
      };
      const remindersOf = async (db: Db, decisionNumber: unknown) =>
        reminders(await inbox(db, story.tenantId, story.manager)).filter((t) =>
          t.endsWith(` ${String(decisionNumber)}`),
        );
      const waitFor = async (db: Db, decisionNumber: unknown) => {
        let got: string[] = [];
        for (let waited = 0; waited < 30_000 && got.length === 0; waited += 250) {
          await new Promise((resolve) => setTimeout(resolve, 250));
          got = await remindersOf(db, decisionNumber);
        }
        // a little longer: a second sending would show by now
        await new Promise((resolve) => setTimeout(resolve, 2500));
        return remindersOf(db, decisionNumber);
      };

      const later = await story.displacement();
      const first = await requestVia(story.kit.server.url, await story.displacement());
      await story.kit.server.stop();
      stopped = true;
      const env = { ...story.kit.database.env, LOG_LEVEL: 'warn', JOB_POLL_SECONDS: '1' };
      const restarted = await startTestServer(env);
      const second = await startTestServer(env);
      try {
        expect(await waitFor(restarted.db.orm, first.decisionNumber)).toHaveLength(1);
        const both = await requestVia(restarted.url, later);
        expect(await waitFor(second.db.orm, both.decisionNumber)).toHaveLength(1);
        const approved = await httpClient(second.url).post<{ data: { approvalStatus: string } }>(
          `${API}/${first.id}/approve`,
          {},
          story.manager.token,
        );
        expect(approved.status).toBe(200);
        expect(approved.body.data.approvalStatus).toBe('IN_APPROVE');
      } finally {
        await restarted.stop();
        await second.stop();
      }
    });
  },
);

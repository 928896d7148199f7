import type {
  ApprovalBatchResult,
  ApprovalStatusStatistic,
  ApprovalTimeline,
} from '@hcm/contracts/approvals';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inScope } from '../../db/tenant-scope.ts';
import { testEngines } from '../../testing/engines.ts';
import {
  startApprovalStory,
  type ApprovalStory,
  type Person,
  type Saved,
} from '../testing/approval-fixture.ts';
import { allOf } from '../../../../../scripts/testing/all-of.ts';

const API = '/api/om/displacements';
type Page = { data: Saved[]; page: { total: number } };

describe.each(await testEngines())('the approval engine on $engine', ({ engine }) => {
  let story: ApprovalStory;
  beforeAll(async () => {
    story = await startApprovalStory(engine);
  });
  afterAll(() => story?.kit.stop());

  const act = (who: Person, id: string, path: string, body: unknown = {}) =>
    story.post(who, `${API}/${id}/${path}`, body);
  const request = (id: string, who = story.hr) => act(who, id, 'request-approval', story.assignment());
  const workerUnit = async () =>
    (
      await story.get<{ data: { organizationUnitId: string } }>(
        story.hr,
        `/api/om/workers/${story.ids.worker}`,
      )
    ).body.data.organizationUnitId;
  const inbox = (who: Person) =>
    inScope(story.kit.server.db.orm, { tenantId: story.tenantId, userId: null }, async (tx) => {
      const result = (await tx.execute(
        sql`select title from user_notifications where user_id = ${who.userId} order by created_at, id`,
      )) as unknown as { rows: { title: string }[] };
      return result.rows.map((row) => row.title);
    });

  /** `count` NEW decisions written straight to the table (numbered `{prefix}n/2026`) */
  const decisions = (count: number, prefix: string) =>
    inScope(story.kit.server.db.orm, { tenantId: story.tenantId, userId: story.hr.userId }, async (tx) => {
      const result = (await tx.execute(sql`
        insert into displacements (tenant_id, worker_id, decision_number, effective_date, to_unit_id, created_by, last_modified_by)
        select ${story.tenantId}, ${story.ids.worker}, ${prefix} || n || '/2026', '2027-01-01', ${story.ids.finance}, ${story.hr.userId}, ${story.hr.userId}
        from generate_series(1, ${count}::int) n returning id`)) as unknown as { rows: { id: string }[] };
      return result.rows.map((row) => row.id);
    });

  it('walks a record through two steps: rejected with a reason, edited, requested again, approved twice, and it takes effect', async () => {
    const record = await story.displacement();
    expect(record.approvalStatus).toBe('NEW');

    const requested = await request(record.id);
    expect(requested.status, JSON.stringify(requested.body)).toBe(200);
    expect(requested.body.data.approvalStatus).toBe('WAIT_APPROVE');
    expect(await inbox(story.manager)).toContain(
      `Chờ bạn phê duyệt: Quyết định điều động, bổ nhiệm ${String(record.decisionNumber)}`,
    );
    // in approval it is no longer its requester's to change or delete
    const edit = await story.post(story.hr, `${API}/${record.id}/update`, {
      version: requested.body.data.version,
      reason: 'x',
    });
    expect(edit.status).toBe(409);
    expect((await story.post(story.hr, `${API}/${record.id}/delete`, {})).status).toBe(409);

    // the director is not the first step's assignee
    const notTheirs = await story.post<{ params?: unknown }>(
      story.director,
      `${API}/${record.id}/approve`,
      {},
    );
    expect(notTheirs.status).toBe(403);
    expect(notTheirs.body.params).toEqual({ reason: 'notAssignee' });
    const first = await act(story.manager, record.id, 'approve', { note: 'Đồng ý' });
    expect(first.body.data.approvalStatus).toBe('IN_APPROVE');
    expect(await inbox(story.director)).toHaveLength(1);

    expect((await act(story.director, record.id, 'reject-approval', {})).status).toBe(400);
    const rejected = await act(story.director, record.id, 'reject-approval', { reason: 'Thiếu tờ trình' });
    expect(rejected.body.data.approvalStatus).toBe('REJECTED');
    expect((await inbox(story.hr)).at(-1)).toMatch(/^Bị từ chối/);
    expect(await workerUnit()).toBe(story.ids.sales);

    // the requester edits and requests again
    const edited = await story.post(story.hr, `${API}/${record.id}/update`, {
      version: rejected.body.data.version,
      reason: 'Đã bổ sung tờ trình',
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect((await request(record.id)).body.data.approvalStatus).toBe('WAIT_APPROVE');
    expect((await act(story.manager, record.id, 'approve')).body.data.approvalStatus).toBe('IN_APPROVE');
    const approved = await act(story.director, record.id, 'approve', { note: 'Duyệt' });
    expect(approved.body.data).toMatchObject({ approvalStatus: 'APPROVED' });
    expect(approved.body.data.appliedAt).not.toBeNull();
    expect(await workerUnit()).toBe(story.ids.finance);
    expect((await inbox(story.hr)).at(-1)).toMatch(/^Đã phê duyệt/);

    const timeline = await story.get<{ data: ApprovalTimeline }>(
      story.hr,
      `${API}/${record.id}/approval-timeline`,
    );
    expect(timeline.body.data.approvalStatus).toBe('APPROVED');
    expect(timeline.body.data.allowedActions).toEqual([]);
    expect(timeline.body.data.events.map((e) => [e.action, e.toStatus, e.note])).toEqual([
      ['REQUEST_APPROVAL', 'WAIT_APPROVE', null],
      ['APPROVE', 'IN_APPROVE', 'Đồng ý'],
      ['REJECT', 'REJECTED', 'Thiếu tờ trình'],
      ['REQUEST_APPROVAL', 'WAIT_APPROVE', null],
      ['APPROVE', 'IN_APPROVE', null],
      ['APPROVE', 'APPROVED', 'Duyệt'],
    ]);
    const [latest, earlier] = timeline.body.data.requests;
    expect(latest?.state).toBe('APPROVED');
    expect(earlier?.state).toBe('REJECTED');
    expect(latest?.steps.map((s) => [s.name, s.assigneeName, s.outcome, s.metDeadline])).toEqual([
      ['Trưởng phòng duyệt', 'Trần Trưởng Phòng', 'APPROVED', true],
      ['Giám đốc duyệt', 'Lê Giám Đốc', 'APPROVED', true],
    ]);
    const step = latest?.steps[0];
    expect(Date.parse(step?.dueAt ?? '') - Date.parse(step?.startedAt ?? '')).toBe(60 * 60_000);
    // approved is history: no more actions, no edits
    expect((await act(story.hr, record.id, 'cancel-approval')).status).toBe(409);
  });

  it('lists what awaits each approver, counts the tabs, and takes ALL or an unknown filter as everything', async () => {
    const waiting = await story.displacement();
    await request(waiting.id);
    const list = (who: Person, filter: string) =>
      story.get<Page>(who, `${API}?approvalStatus=${filter}&pageSize=100`);
    const mine = await list(story.manager, 'WAIT_MY_APPROVE');
    expect(mine.body.data.map((r) => r.id)).toContain(waiting.id);
    expect(allOf(mine.body.data, (r) => ['WAIT_APPROVE', 'IN_APPROVE'].includes(r.approvalStatus))).toBe(
      true,
    );
    expect((await list(story.director, 'WAIT_MY_APPROVE')).body.data.map((r) => r.id)).not.toContain(
      waiting.id,
    );
    const all = (await list(story.hr, 'ALL')).body.page.total;
    expect((await list(story.hr, 'NO_SUCH_STATUS')).body.page.total).toBe(all);
    expect(
      allOf((await list(story.hr, 'WAIT_APPROVE')).body.data, (r) => r.approvalStatus === 'WAIT_APPROVE'),
    ).toBe(true);

    const statistic = await story.get<{ data: ApprovalStatusStatistic }>(
      story.manager,
      `${API}/approval-status-statistic`,
    );
    expect(statistic.status).toBe(200);
    const counts = statistic.body.data;
    expect(counts.ALL).toBe(all);
    expect(
      counts.NEW +
        counts.WAIT_APPROVE +
        counts.IN_APPROVE +
        counts.APPROVED +
        counts.REJECTED +
        counts.CANCELED,
    ).toBe(all);
    expect(counts.WAIT_MY_APPROVE).toBe(mine.body.page.total);
  });

  it('refuses a template of another kind, a changed template, and an assignee who may not take the step', async () => {
    const record = await story.displacement();
    const wrongKind = await story.post(story.hr, '/api/system/workflow-templates', {
      code: 'QT_THUONG',
      name: 'Duyệt khen thưởng',
      workflowTemplateTypes: ['REWARD'],
      steps: [
        {
          name: 'Duyệt',
          assignmentType: 'USER',
          assignmentId: story.manager.userId,
          slaAmount: 1,
          slaUnit: 'MINUTES',
        },
      ],
    });
    const other = String((wrongKind.body.data as { id: string }).id);
    const kind = await act(story.hr, record.id, 'request-approval', {
      workflowTemplateId: other,
      steps: [{ workFlowStepTemplateId: `${other}#1`, assigneeUserId: story.manager.userId }],
    });
    expect(kind.status).toBe(400);
    const short = await act(story.hr, record.id, 'request-approval', {
      workflowTemplateId: story.ids.template,
      steps: [{ workFlowStepTemplateId: `${story.ids.template}#1`, assigneeUserId: story.manager.userId }],
    });
    expect(short.status).toBe(409);
    const swapped = story.assignment();
    swapped.steps = swapped.steps.map((step, i) => ({
      ...step,
      assigneeUserId: i === 0 ? story.director.userId : story.manager.userId,
    }));
    const ineligible = await act(story.hr, record.id, 'request-approval', swapped);
    expect(ineligible.status).toBe(400);
    expect((ineligible.body as { errors?: { field: string }[] }).errors?.map((e) => e.field)).toEqual([
      'steps[0].assigneeUserId',
      'steps[1].assigneeUserId',
    ]);
    const still = await story.get<{ data: Saved }>(story.hr, `${API}/${record.id}`);
    expect(still.body.data).toMatchObject({ approvalStatus: 'NEW', version: record.version });
  });

  it('lets exactly one of two approvals of the same step through (two tabs of the approver); the other gets 409', async () => {
    const record = await story.displacement();
    const { version } = (await request(record.id)).body.data;
    const [a, b] = await Promise.all([
      act(story.manager, record.id, 'approve', { version }),
      act(story.manager, record.id, 'approve', { version }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const timeline = await story.get<{ data: ApprovalTimeline }>(
      story.hr,
      `${API}/${record.id}/approval-timeline`,
    );
    expect(timeline.body.data.approvalStatus).toBe('IN_APPROVE');
    expect(timeline.body.data.events.filter((e) => e.action === 'APPROVE')).toHaveLength(1);
  });

  it('checks each record of a request batch on its own, and answers each with a refused workflow', async () => {
    const [first, taken, last] = await decisions(3, 'YC-');
    expect((await request(taken as string)).status).toBe(200);
    const requested = await story.post<{ data: ApprovalBatchResult }>(
      story.hr,
      `${API}/request-approval/batch`,
      { ids: [first, taken, last], workflow: story.assignment() },
    );
    expect(requested.body.data).toMatchObject({ succeeded: 2, failed: 1 });
    expect(requested.body.data.items.map((item) => [item.id, item.ok, item.code])).toEqual([
      [first, true, undefined],
      [taken, false, 'CONFLICT'],
      [last, true, undefined],
    ]);
    // the workflow is the batch's: an assignee who may not take a step refuses every record
    const fresh = await decisions(2, 'TC-');
    const swapped = story.assignment();
    swapped.steps = swapped.steps.map((step, i) => ({
      ...step,
      assigneeUserId: i === 0 ? story.director.userId : story.manager.userId,
    }));
    const refused = await story.post<{ data: ApprovalBatchResult }>(
      story.hr,
      `${API}/request-approval/batch`,
      { ids: fresh, workflow: swapped },
    );
    expect(refused.body.data).toMatchObject({ succeeded: 0, failed: 2 });
    expect(refused.body.data.items.map((item) => [item.id, item.code])).toEqual(
      fresh.map((id) => [id, 'VALIDATION_FAILED']),
    );
  });

  // 200 records prove it; the 1,000-record figure is bench/approvals.ts's (docs/performance.md)
  it('answers every item of a batch of 200 approvals, a bad item blocking none of the others', async () => {
    const ids = await decisions(200, 'LO-');
    const requested = await story.post<{ data: ApprovalBatchResult }>(
      story.hr,
      `${API}/request-approval/batch`,
      {
        ids,
        workflow: story.assignment(),
      },
    );
    expect(requested.status, JSON.stringify(requested.body).slice(0, 500)).toBe(200);
    expect(requested.body.data).toMatchObject({ succeeded: 200, failed: 0 });
    // the approver hears of the 200 once, not 200 times
    expect((await inbox(story.manager)).filter((t) => /cập nhật phê duyệt/.test(t))).toEqual([
      '200 cập nhật phê duyệt: Điều động, bổ nhiệm',
    ]);
    // one of them is canceled by its requester first: the manager's batch reports it, and approves the rest
    expect((await act(story.hr, ids[0] as string, 'cancel-approval', { reason: 'Nhầm' })).status).toBe(200);
    const approved = await story.post<{ data: ApprovalBatchResult }>(story.manager, `${API}/approve/batch`, {
      ids,
      note: 'Duyệt lô',
    });
    expect(approved.status).toBe(200);
    expect(approved.body.data.items).toHaveLength(200);
    expect(approved.body.data).toMatchObject({ succeeded: 199, failed: 1 });
    expect(approved.body.data.items[0]).toMatchObject({ id: ids[0], ok: false, code: 'CONFLICT' });
    expect(approved.body.data.items[1]).toMatchObject({ ok: true, approvalStatus: 'IN_APPROVE' });
    const counted = await story.get<Page>(story.manager, `${API}/count?approvalStatus=IN_APPROVE`);
    expect(counted.status).toBe(200);
  });
});

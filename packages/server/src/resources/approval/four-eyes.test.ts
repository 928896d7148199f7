import type { ErrorEnvelope } from '@hcm/contracts';
import type { ApprovalBatchResult, ApprovalRules, ApprovalTimeline } from '@hcm/contracts/approvals';
import type { Configuration, ConfigurationBody } from '@hcm/contracts/system';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokenFor, makeUser } from '../../testing/factories.ts';
import { testEngines } from '../../testing/engines.ts';
import {
  startApprovalStory,
  type ApprovalStory,
  type Person,
  type Saved,
} from '../testing/approval-fixture.ts';

/*
 * Four eyes (issue 26, docs/approvals.md "Four eyes"): nobody is assigned, approves, rejects or
 * returns a step of a request they made or of a record they created, unless the tenant's
 * configuration allows it; then the timeline says so. The story's HR both writes and requests;
 * "other" requests records HR wrote; a one-step workflow names HR as its USER step, so that HR
 * is always an assignee the step takes and only the four-eyes rule can refuse them.
 */
const API = '/api/om/displacements';
const CONFIGURATION = '/api/system/configuration';
type Failed = ErrorEnvelope & { errors?: { field: string; message: string }[] };

describe.each(await testEngines())('four eyes in approvals on $engine', ({ engine }) => {
  let story: ApprovalStory;
  /** holds the configuration permissions only: switches the tenant's setting as HR's admin would */
  let admin: Person;
  /** the one-step workflow whose USER step is HR */
  let selfTemplate: string;
  let serial = 0;

  beforeAll(async () => {
    story = await startApprovalStory(engine);
    const made = await makeUser(
      { db: story.kit.server.db.orm, passwords: story.kit.server.passwords },
      { tenantId: story.tenantId, permissions: ['configuration.view', 'configuration.update'] },
    );
    admin = { userId: made.user.id, token: await accessTokenFor(story.kit.server.db.orm, made.user) };
    selfTemplate = await story.template({
      code: 'QT_HR_DUYET',
      steps: [
        {
          name: 'HR duyệt',
          assignmentType: 'USER',
          assignmentId: story.hr.userId,
          slaAmount: 1,
          slaUnit: 'HOURS',
        },
      ],
    });
  });
  afterAll(() => story?.kit.stop());

  /** Switches the tenant's setting through System › Configuration, as its page saves it. */
  const allowSelfApproval = async (allowed: boolean) => {
    const current = (await story.get<{ data: Configuration }>(admin, CONFIGURATION)).body.data;
    const { scope: _s, inherited: _i, limits: _l, updatedAt: _u, ...body } = current;
    const saved = await story.kit.http.request<{ data: Configuration }>('PUT', CONFIGURATION, {
      token: admin.token,
      body: { ...body, requesterMayApprove: allowed } satisfies ConfigurationBody,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.requesterMayApprove).toBe(allowed);
  };
  const selfAssignment = () => ({
    workflowTemplateId: selfTemplate,
    steps: [{ workFlowStepTemplateId: `${selfTemplate}#1`, assigneeUserId: story.hr.userId }],
  });
  /** a NEW decision written by `author` (effective far ahead: approving it moves nobody) */
  const written = async (author: Person) => {
    const res = await story.post(author, API, {
      workerId: story.ids.worker,
      decisionNumber: `${++serial}/2026/BM`,
      effectiveDate: '2099-01-01',
      toUnitId: story.ids.finance,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const act = (who: Person, id: string, path: string, body: unknown = {}) =>
    story.post<{ data: Saved }>(who, `${API}/${id}/${path}`, body);
  const timeline = async (who: Person, id: string) =>
    (await story.get<{ data: ApprovalTimeline }>(who, `${API}/${id}/approval-timeline`)).body.data;
  const statusOf = async (id: string) =>
    (await story.get<{ data: Saved }>(story.hr, `${API}/${id}`)).body.data.approvalStatus;
  const rules = async (who: Person) =>
    (await story.get<{ data: ApprovalRules }>(who, '/api/system/configuration/approval-rules')).body.data;

  it('by default refuses the requester as a step’s assignee (400 at the step), the single request and create-and-request alike', async () => {
    expect(await rules(story.manager)).toEqual({ requesterMayApprove: false });
    const record = await written(story.hr);
    const refused = await story.post<Failed>(
      story.hr,
      `${API}/${record.id}/request-approval`,
      selfAssignment(),
    );
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body.errors?.map((e) => e.field)).toEqual(['steps[0].assigneeUserId']);
    expect(refused.body.errors?.[0]?.message).toMatch(/is the requester.*four eyes/);
    expect(await statusOf(record.id)).toBe('NEW');

    // created and requested at once: the requester is the creator; nothing is written
    const number = 'CR-1/2026/BM';
    const both = await story.post<Failed>(story.hr, `${API}/create-and-request-approval`, {
      record: {
        workerId: story.ids.worker,
        decisionNumber: number,
        effectiveDate: '2099-01-01',
        toUnitId: story.ids.finance,
      },
      workflow: selfAssignment(),
    });
    expect(both.status, JSON.stringify(both.body)).toBe(400);
    expect(both.body.errors?.map((e) => e.field)).toEqual(['steps[0].assigneeUserId']);
    const found = await story.get<{ page: { total: number } }>(
      story.hr,
      `${API}?keyword=${encodeURIComponent(number)}`,
    );
    expect(found.body.page.total).toBe(0);
  });

  it('by default refuses the record’s creator as a step’s assignee when someone else requests it, record by record in a batch', async () => {
    const byHr = await written(story.hr);
    const refused = await story.post<Failed>(
      story.other,
      `${API}/${byHr.id}/request-approval`,
      selfAssignment(),
    );
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body.errors?.[0]).toMatchObject({ field: 'steps[0].assigneeUserId' });
    expect(refused.body.errors?.[0]?.message).toMatch(/created the record.*four eyes/);

    // the same workflow for two records: HR wrote one (refused), "other" the other (HR may take it)
    const byOther = await written(story.other);
    const batch = await story.post<{ data: ApprovalBatchResult }>(
      story.other,
      `${API}/request-approval/batch`,
      {
        ids: [byHr.id, byOther.id],
        workflow: selfAssignment(),
      },
    );
    expect(batch.status, JSON.stringify(batch.body)).toBe(200);
    expect(batch.body.data.items.map((item) => [item.id, item.ok, item.code])).toEqual([
      [byHr.id, false, 'VALIDATION_FAILED'],
      [byOther.id, true, undefined],
    ]);
    // HR neither requested nor wrote that one: four eyes hold, HR approves it
    expect((await act(story.hr, byOther.id, 'approve')).body.data.approvalStatus).toBe('APPROVED');
    const [request] = (await timeline(story.hr, byOther.id)).requests;
    expect(request?.steps[0]).toMatchObject({ outcome: 'APPROVED', byRequester: false, byCreator: false });
  });

  it('refuses (403) approving, rejecting or returning one’s own request once the setting is off again, and offers none of them', async () => {
    await allowSelfApproval(true);
    const own = await written(story.hr);
    expect((await act(story.hr, own.id, 'request-approval', selfAssignment())).status).toBe(200);
    await allowSelfApproval(false);

    for (const [path, body] of [
      ['approve', {}],
      ['reject-approval', { reason: 'Tự từ chối' }],
      ['back', { reason: 'Tự trả lại' }],
    ] as const) {
      const refused = await story.post<Failed>(story.hr, `${API}/${own.id}/${path}`, body);
      expect(refused.status, `${path}: ${JSON.stringify(refused.body)}`).toBe(403);
      expect(refused.body).toMatchObject({ code: 'FORBIDDEN', params: { reason: 'ownRequest' } });
      expect(refused.body.message).toMatch(/Four eyes: you requested this approval/);
    }
    expect(await statusOf(own.id)).toBe('WAIT_APPROVE');
    // the page offers only what can succeed: cancelling, not deciding
    expect((await timeline(story.hr, own.id)).allowedActions).toEqual(['CANCEL_APPROVAL']);
  });

  it('with the setting on, lets the requester approve their own request and the creator a request of theirs, and the timeline says so', async () => {
    await allowSelfApproval(true);
    expect(await rules(story.manager)).toEqual({ requesterMayApprove: true });

    const own = await written(story.hr);
    expect((await act(story.hr, own.id, 'request-approval', selfAssignment())).status).toBe(200);
    expect((await timeline(story.hr, own.id)).allowedActions).toEqual([
      'CANCEL_APPROVAL',
      'APPROVE',
      'REJECT',
      'BACK',
    ]);
    const approved = await act(story.hr, own.id, 'approve', { note: 'Đơn vị nhỏ' });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.data.approvalStatus).toBe('APPROVED');
    const mine = await timeline(story.hr, own.id);
    expect(mine.requests[0]?.steps[0]).toMatchObject({
      outcome: 'APPROVED',
      byRequester: true,
      byCreator: false,
    });
    expect(mine.events.map((e) => [e.action, e.byRequester, e.byCreator])).toEqual([
      ['REQUEST_APPROVAL', false, false],
      ['APPROVE', true, false],
    ]);

    // "other" requests a record HR wrote, with HR as the approver: HR approves as its creator
    const hrWrote = await written(story.hr);
    expect((await act(story.other, hrWrote.id, 'request-approval', selfAssignment())).status).toBe(200);
    expect((await act(story.hr, hrWrote.id, 'approve')).status).toBe(200);
    const theirs = await timeline(story.other, hrWrote.id);
    expect(theirs.requests[0]?.steps[0]).toMatchObject({ byRequester: false, byCreator: true });
    expect(theirs.events.at(-1)).toMatchObject({ action: 'APPROVE', byRequester: false, byCreator: true });
    await allowSelfApproval(false);
  });

  it('fails only the records of a batch approval the approver requested or wrote, with the reason; the others go through', async () => {
    await allowSelfApproval(true);
    const requestedByHr = await written(story.hr);
    expect((await act(story.hr, requestedByHr.id, 'request-approval', selfAssignment())).status).toBe(200);
    const writtenByHr = await written(story.hr);
    expect((await act(story.other, writtenByHr.id, 'request-approval', selfAssignment())).status).toBe(200);
    const neither = await written(story.other);
    expect((await act(story.other, neither.id, 'request-approval', selfAssignment())).status).toBe(200);
    await allowSelfApproval(false);

    const batch = await story.post<{ data: ApprovalBatchResult }>(story.hr, `${API}/approve/batch`, {
      ids: [requestedByHr.id, writtenByHr.id, neither.id],
    });
    expect(batch.status, JSON.stringify(batch.body)).toBe(200);
    expect(batch.body.data).toMatchObject({ succeeded: 1, failed: 2 });
    const [first, second, third] = batch.body.data.items;
    expect(first).toMatchObject({ id: requestedByHr.id, ok: false, code: 'FORBIDDEN' });
    expect(first?.message).toMatch(/you requested this approval/);
    expect(second).toMatchObject({ id: writtenByHr.id, ok: false, code: 'FORBIDDEN' });
    expect(second?.message).toMatch(/you created this record/);
    expect(third).toMatchObject({ id: neither.id, ok: true, approvalStatus: 'APPROVED' });
    expect(await statusOf(requestedByHr.id)).toBe('WAIT_APPROVE');
  });
});

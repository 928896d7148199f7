import { expect } from '@open-wc/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApprovalTimeline } from '@hcm/contracts/approvals';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { accessibilityViolations } from '../../../../shared/ui/src/testing/axe.ts';
import type { FakeResourceApi } from '../../../../shared/ui/src/testing/fake-resource-api.ts';
import {
  ALL_REWARD_PERMISSIONS,
  BASE,
  approvalTestContract as contract,
  prepareApprovals,
  resetApprovalPage,
  serveTemplates,
  showApprovalPages,
  uuid,
} from '../testing/approval-fixture.tsx';
const HOUR = 3_600_000;
/** A local time as the API sends it (ISO, UTC): the page shows it back in local time. */
const at = (day: number, hour: number) => new Date(2026, 2, day, hour, 0).toISOString();
let api: FakeResourceApi;

const step = (position: number, name: string, assigneeName: string) => ({
  position,
  name,
  assignmentType: 'USER',
  assignmentName: assigneeName,
  assigneeUserId: uuid(900 + position),
  assigneeName,
  startedAt: null as string | null,
  dueAt: null as string | null,
  actedAt: null as string | null,
  outcome: null as string | null,
  note: null as string | null,
  metDeadline: null as boolean | null,
  remindersSent: 0,
  byRequester: false,
  byCreator: false,
});

/** A record in its second request: the first was returned; in the second, step 2 is past its deadline. */
function timelineOf(): ApprovalTimeline {
  const request = (id: number, templateName: string, requestedAt: string) => ({
    id: uuid(id),
    workflowTemplateId: uuid(501),
    templateName,
    requestedBy: uuid(1),
    requestedByName: 'Quản trị Nhân sự',
    requestedAt,
    closedAt: null,
  });
  const overdueSince = new Date(Date.now() - 2 * HOUR).toISOString();
  return {
    approvalStatus: 'IN_APPROVE',
    allowedActions: ['APPROVE', 'REJECT', 'BACK'],
    requests: [
      {
        ...request(11, 'Quy trình lần đầu', at(1, 8)),
        state: 'NEW',
        currentPosition: null,
        steps: [
          {
            ...step(1, 'Trưởng phòng duyệt', 'Trưởng phòng Lan'),
            startedAt: at(1, 8),
            dueAt: at(1, 9),
            actedAt: at(1, 10),
            outcome: 'BACK',
            note: 'Sửa số tiền',
            metDeadline: false,
          },
        ],
      },
      {
        ...request(12, 'Quy trình khen thưởng', at(2, 8)),
        state: 'OPEN',
        currentPosition: 2,
        steps: [
          {
            ...step(1, 'Trưởng phòng duyệt', 'Trưởng phòng Lan'),
            startedAt: at(2, 8),
            dueAt: at(2, 9),
            actedAt: at(2, 8),
            outcome: 'APPROVED',
            note: 'Đồng ý',
            metDeadline: true,
          },
          { ...step(2, 'Giám đốc duyệt', 'Giám đốc Hòa'), startedAt: at(2, 8), dueAt: overdueSince },
          step(3, 'Kế toán ghi nhận', 'Kế toán Minh'),
        ],
      },
    ],
    events: [
      {
        id: uuid(21),
        action: 'REQUEST_APPROVAL',
        fromStatus: 'NEW',
        toStatus: 'WAIT_APPROVE',
        stepPosition: null,
        actorId: uuid(1),
        actorName: 'Quản trị Nhân sự',
        note: null,
        at: at(2, 8),
        byRequester: false,
        byCreator: false,
      },
      {
        id: uuid(22),
        action: 'APPROVE',
        fromStatus: 'WAIT_APPROVE',
        toStatus: 'IN_APPROVE',
        stepPosition: 1,
        actorId: uuid(901),
        actorName: 'Trưởng phòng Lan',
        note: 'Đồng ý',
        at: at(2, 8),
        byRequester: false,
        byCreator: false,
      },
    ],
  };
}

/** A record its requester approved themselves (four eyes waived by a very small team). */
function selfApprovedTimeline(): ApprovalTimeline {
  return {
    approvalStatus: 'APPROVED',
    allowedActions: [],
    requests: [
      {
        id: uuid(13),
        workflowTemplateId: uuid(501),
        templateName: 'Quy trình một người',
        requestedBy: uuid(1),
        requestedByName: 'Quản trị Nhân sự',
        requestedAt: at(3, 8),
        state: 'APPROVED',
        currentPosition: null,
        closedAt: at(3, 9),
        steps: [
          {
            ...step(1, 'Quản trị duyệt', 'Quản trị Nhân sự'),
            startedAt: at(3, 8),
            dueAt: at(3, 10),
            actedAt: at(3, 9),
            outcome: 'APPROVED',
            metDeadline: true,
            byRequester: true,
          },
        ],
      },
    ],
    events: [
      {
        id: uuid(23),
        action: 'APPROVE',
        fromStatus: 'WAIT_APPROVE',
        toStatus: 'APPROVED',
        stepPosition: 1,
        actorId: uuid(1),
        actorName: 'Quản trị Nhân sự',
        note: null,
        at: at(3, 9),
        byRequester: true,
        byCreator: false,
      },
    ],
  };
}

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
const toolbarButtons = () =>
  within(screen.getByRole('banner'))
    .getAllByRole('button')
    .map((button) => button.textContent);

describe('an approvable record’s pages (ApprovalContractPages)', () => {
  beforeEach(async () => {
    api = await prepareApprovals(
      3,
      (n) => ({
        name: `Khen thưởng ${n}`,
        approvalStatus: (['NEW', 'IN_APPROVE', 'APPROVED'] as const)[n - 1],
      }),
      ([, inApproval, selfApproved]) =>
        new Map([
          [inApproval?.id ?? '', timelineOf()],
          [selfApproved?.id ?? '', selfApprovedTimeline()],
        ]),
    );
    await api.signInWith(ALL_REWARD_PERMISSIONS);
  });
  afterEach(() => resetApprovalPage());

  it('shows the timeline with an overdue step, offers the timeline’s actions and no Edit or Delete while in approval', async () => {
    const [, record] = api.records(contract);
    showApprovalPages(`${contract.route}/${record?.id}/detail`);
    await screen.findByRole('heading', { level: 1, name: 'Quyết định thử: Khen thưởng 2' });
    const timeline = await screen.findByRole('region', { name: 'Quá trình phê duyệt' });
    await within(timeline).findByRole('heading', { level: 3, name: 'Quy trình khen thưởng' });
    // newest request first, then the events
    expect(
      within(timeline)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).to.deep.equal(['Quy trình khen thưởng', 'Quy trình lần đầu', 'Lịch sử thao tác']);
    const steps = within(timeline).getByRole('table', { name: 'Các bước của Quy trình khen thưởng' });
    expect(
      within(steps)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).to.deep.equal([
      'Bước',
      'Người xử lý',
      'Bắt đầu',
      'Hạn xử lý',
      'Xử lý lúc',
      'Kết quả',
      'Ý kiến',
      'Đúng hạn',
    ]);
    const [first, second, third] = within(steps).getAllByRole('row').slice(1) as HTMLElement[];
    expect(cellsOf(first as HTMLElement)).to.deep.equal([
      '1. Trưởng phòng duyệt',
      'Trưởng phòng Lan',
      '02/03/2026 08:00',
      '02/03/2026 09:00',
      '02/03/2026 08:00',
      'Đã phê duyệt',
      'Đồng ý',
      'Có',
    ]);
    expect(cellsOf(second as HTMLElement).slice(-3)).to.deep.equal(['Đang xử lý', '', 'Quá hạn']);
    expect(cellsOf(third as HTMLElement).slice(2)).to.deep.equal(['', '', '', '', '', '']);
    const returned = within(timeline).getByRole('table', { name: 'Các bước của Quy trình lần đầu' });
    expect(cellsOf(within(returned).getAllByRole('row')[1] as HTMLElement).slice(-3)).to.deep.equal([
      'Trả lại',
      'Sửa số tiền',
      'Không',
    ]);
    const events = within(timeline).getByRole('region', { name: 'Lịch sử thao tác' });
    expect(
      within(events)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).to.deep.equal([
      '02/03/2026 08:00 · Quản trị Nhân sự · Gửi duyệt',
      '02/03/2026 08:00 · Trưởng phòng Lan · Phê duyệt' + 'Đồng ý',
    ]);

    // the status as a badge; the buttons are the timeline's, never Edit or Delete in approval
    await waitFor(() =>
      expect(document.querySelector('dd[data-field="approvalStatus"]')?.textContent).to.equal(
        'Đang phê duyệt',
      ),
    );
    await screen.findByRole('button', { name: 'Trả lại' });
    expect(toolbarButtons()).to.deep.equal(['Quay lại danh sách', 'Phê duyệt', 'Từ chối', 'Trả lại']);
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);

    // a return asks its reason (required, counted, trimmed), then the record (back to NEW) may be
    // edited again
    await userEvent.click(screen.getByRole('button', { name: 'Trả lại' }));
    const dialog = await screen.findByRole('dialog', { name: 'Trả lại' });
    expect(dialog.textContent).to.contain('Trả lại Khen thưởng 2 cho người gửi để sửa?');
    expect(within(dialog).getByText('0/1000')).to.not.equal(null);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Trả lại' }));
    await within(dialog).findByText('Vui lòng nhập lý do trả lại');
    expect(api.callsTo('POST', `${BASE}/${record?.id}/back`)).to.have.length(0);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Lý do trả lại/ }), ' Thiếu chữ ký  ');
    expect(within(dialog).getByText('12/1000')).to.not.equal(null);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Trả lại' }));
    await waitFor(() =>
      expect(api.callsTo('POST', `${BASE}/${record?.id}/back`)[0]?.body).to.deep.equal({
        reason: 'Thiếu chữ ký',
      }),
    );
    await screen.findByRole('button', { name: 'Sửa' });
    await waitFor(() =>
      expect(document.querySelector('dd[data-field="approvalStatus"]')?.textContent).to.equal('Mới tạo'),
    );
  });

  it('marks the step and the action its requester approved themselves', async () => {
    const [, , record] = api.records(contract);
    showApprovalPages(`${contract.route}/${record?.id}/detail`);
    const timeline = await screen.findByRole('region', { name: 'Quá trình phê duyệt' });
    const steps = await within(timeline).findByRole('table', { name: 'Các bước của Quy trình một người' });
    const [row] = within(steps).getAllByRole('row').slice(1) as HTMLElement[];
    expect(cellsOf(row as HTMLElement)[5]).to.equal('Đã phê duyệt' + 'Người đề nghị tự phê duyệt');
    const events = within(timeline).getByRole('region', { name: 'Lịch sử thao tác' });
    expect(within(events).getByRole('listitem').textContent).to.equal(
      '03/03/2026 09:00 · Quản trị Nhân sự · Phê duyệt · Người đề nghị tự phê duyệt',
    );
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });

  it('does not offer the record’s creator as an assignee when requesting its approval', async () => {
    serveTemplates(api);
    const [record] = api.records(contract);
    // the role's one holder wrote the record: four eyes leave nobody to choose
    Object.assign(record as object, { createdBy: uuid(801) });
    showApprovalPages(`${contract.route}/${record?.id}/detail`);
    await userEvent.click(await screen.findByRole('button', { name: 'Gửi duyệt' }));
    const dialog = await screen.findByRole('dialog', { name: /Gửi duyệt/ });
    await userEvent.click(
      await within(dialog).findByRole('combobox', { name: 'Người xử lý bước Trưởng phòng duyệt' }),
    );
    await screen.findByRole('option', { name: 'Không có dữ liệu' });
    expect(api.callsTo('GET', '/api/iam/users/auto-complete-by-role')).to.have.length.above(0);
    expect(screen.queryByRole('option', { name: /Trưởng phòng Lan/ })).to.equal(null);
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });

  it('saves a new record and requests its approval in one call from the create form', async () => {
    const template = serveTemplates(api);
    showApprovalPages(`${contract.route}/create`);
    await userEvent.type(await screen.findByRole('textbox', { name: /^Mã/ }), 'KT_2026');
    await userEvent.type(screen.getByRole('textbox', { name: /^Tên/ }), 'Khen thưởng quý I');
    await userEvent.click(screen.getByRole('button', { name: 'Lưu và gửi duyệt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Gửi duyệt' });
    await userEvent.click(
      await within(dialog).findByRole('combobox', { name: 'Người xử lý bước Trưởng phòng duyệt' }),
    );
    await userEvent.click(await screen.findByRole('option', { name: /Trưởng phòng Lan/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Gửi duyệt' }));
    await waitFor(() => expect(api.callsTo('POST', `${BASE}/create-and-request-approval`)).to.have.length(1));
    const body = api.callsTo('POST', `${BASE}/create-and-request-approval`)[0]?.body as {
      record: Record<string, unknown>;
      workflow: { workflowTemplateId: string; steps: { assigneeUserId: string }[] };
    };
    expect(body.record).to.deep.equal({ code: 'KT_2026', name: 'Khen thưởng quý I' });
    expect(body.workflow.workflowTemplateId).to.equal(template.id);
    expect(body.workflow.steps.map((s) => s.assigneeUserId)).to.deep.equal([uuid(801), uuid(702)]);
    // nothing was created the plain way
    expect(api.callsTo('POST', BASE)).to.have.length(0);
    await screen.findByRole('heading', { level: 1, name: 'Quyết định thử: Khen thưởng quý I' });
  });
});

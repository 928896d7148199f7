import { expect } from '@open-wc/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
  SEARCH_TEMPLATES,
  showApprovalPages,
  uuid,
} from '../testing/approval-fixture.tsx';
const STATISTIC = `${BASE}/approval-status-statistic`;
const STATUSES = ['NEW', 'NEW', 'WAIT_APPROVE', 'IN_APPROVE', 'APPROVED', 'REJECTED'];
let api: FakeResourceApi;

const bodyRows = () => screen.getAllByRole('row').slice(1);
const rowOf = (name: string) => {
  const row = bodyRows().find((candidate) => candidate.textContent?.includes(name));
  if (!row) throw new Error(`no row of ${name}`);
  return row;
};
/** A row once the page behind a closing dialog is in reach again. */
const rowShown = (name: string) => waitFor(() => rowOf(name));
// (a Fluent tab repeats its text in a hidden twin that keeps its width when bold)
const tabNames = () =>
  screen.getAllByRole('tab').map((tab) => tab.querySelector('.fui-Tab__content')?.textContent);
const query = () =>
  JSON.parse(new URLSearchParams(window.location.search).get('q') ?? '{}') as Record<string, unknown>;

async function showList(permissions = ALL_REWARD_PERMISSIONS) {
  await api.signInWith(permissions);
  showApprovalPages(contract.route);
  await screen.findByRole('link', { name: 'CODE_0001' });
}

describe('the approval list (ApprovalContractPages)', () => {
  beforeEach(async () => {
    api = await prepareApprovals(STATUSES.length, (n) => ({
      name: `Khen thưởng ${n}`,
      approvalStatus: STATUSES[n - 1],
      mine: n === 3 || n === 4,
    }));
  });
  afterEach(() => resetApprovalPage());

  it('shows a tab per status with its count, the status as a badge, and filters the list by the tab in the URL', async () => {
    await showList();
    screen.getByRole('tablist', { name: 'Lọc theo trạng thái duyệt' });
    await waitFor(() =>
      expect(tabNames()).to.deep.equal([
        'Tất cả (6)',
        'Chờ tôi duyệt (2)',
        'Mới tạo (2)',
        'Chờ phê duyệt (1)',
        'Đang phê duyệt (1)',
        'Đã phê duyệt (1)',
        'Từ chối (1)',
        'Đã huỷ (0)',
      ]),
    );
    expect(screen.getByRole('tab', { name: 'Tất cả (6)' }).getAttribute('aria-selected')).to.equal('true');
    await within(rowOf('Khen thưởng 3')).findByText('Chờ phê duyệt');
    // the tabs set the approval status: no dropdown of it among the filters
    expect(screen.queryByRole('combobox', { name: 'Trạng thái duyệt' })).to.equal(null);
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);

    await userEvent.click(screen.getByRole('tab', { name: 'Chờ tôi duyệt (2)' }));
    await waitFor(() => expect(query().approvalStatus).to.equal('WAIT_MY_APPROVE'));
    await waitFor(() =>
      expect(
        bodyRows().map(
          (row) => row.textContent?.includes('Khen thưởng 3') || row.textContent?.includes('Khen thưởng 4'),
        ),
      ).to.deep.equal([true, true]),
    );
    expect(api.callsTo('GET', BASE).at(-1)?.query.get('approvalStatus')).to.equal('WAIT_MY_APPROVE');
    expect(screen.getByRole('tab', { name: 'Chờ tôi duyệt (2)' }).getAttribute('aria-selected')).to.equal(
      'true',
    );

    // the counts follow the list's keyword, never its tab
    await userEvent.type(screen.getByRole('searchbox', { name: 'Tìm kiếm' }), 'CODE_0003{Enter}');
    await waitFor(() =>
      expect(api.callsTo('GET', STATISTIC).at(-1)?.query.get('keyword')).to.equal('CODE_0003'),
    );
    expect(api.callsTo('GET', STATISTIC).at(-1)?.query.has('approvalStatus')).to.equal(false);

    await userEvent.click(screen.getByRole('tab', { name: /^Tất cả/ }));
    await waitFor(() => expect(query().approvalStatus).to.equal(undefined));
  });

  it('requests approval from a row with the workflow the dialog assigns, then counts again', async () => {
    const template = serveTemplates(api);
    await showList();
    await waitFor(() => expect(tabNames()[2]).to.equal('Mới tạo (2)'));
    await userEvent.click(
      within(rowOf('Khen thưởng 1')).getByRole('button', { name: 'Thao tác duyệt Khen thưởng 1' }),
    );
    // a NEW record is only requested
    const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    expect(items).to.deep.equal(['Gửi duyệt']);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Gửi duyệt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Gửi duyệt Khen thưởng 1' });
    const templateBox = await within(dialog).findByRole('combobox', { name: /Chọn quy trình/ });
    await waitFor(() => expect((templateBox as HTMLInputElement).value).to.equal('Quy trình khen thưởng'));
    expect(
      api.calls.find((call) => call.path === SEARCH_TEMPLATES)?.query.getAll('workflowTemplateTypes'),
    ).to.deep.equal(['REWARD']);

    // incomplete: the form says so, nothing is sent
    await userEvent.click(within(dialog).getByRole('button', { name: 'Gửi duyệt' }));
    await within(dialog).findByText('Vui lòng chọn người xử lý');
    expect(api.calls.some((call) => call.path.endsWith('/request-approval'))).to.equal(false);

    await userEvent.click(
      within(dialog).getByRole('combobox', { name: 'Người xử lý bước Trưởng phòng duyệt' }),
    );
    await userEvent.click(await screen.findByRole('option', { name: /Trưởng phòng Lan/ }));
    const statisticsBefore = api.callsTo('GET', STATISTIC).length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Gửi duyệt' }));
    const [record] = api.records(contract);
    await waitFor(() =>
      expect(api.callsTo('POST', `${BASE}/${record?.id}/request-approval`)).to.have.length(1),
    );
    const body = api.callsTo('POST', `${BASE}/${record?.id}/request-approval`)[0]?.body as {
      workflowTemplateId: string;
      steps: {
        workFlowStepTemplateId: string;
        assigneeUserId: string;
        startDateRaw: string;
        endDateRaw: string;
      }[];
    };
    expect(body.workflowTemplateId).to.equal(template.id);
    expect(body.steps.map((step) => [step.workFlowStepTemplateId, step.assigneeUserId])).to.deep.equal([
      [uuid(601), uuid(801)],
      [uuid(602), uuid(702)],
    ]);
    expect(Date.parse(body.steps[1]?.startDateRaw ?? '')).to.equal(
      Date.parse(body.steps[0]?.endDateRaw ?? ''),
    );
    await screen.findByText('Đã gửi duyệt Khen thưởng 1');
    await waitFor(() => expect(tabNames()[2]).to.equal('Mới tạo (1)'));
    expect(api.callsTo('GET', STATISTIC).length).to.be.greaterThan(statisticsBefore);
    await waitFor(() =>
      expect(within(rowOf('Khen thưởng 1')).queryByText('Chờ phê duyệt')).to.not.equal(null),
    );
  });

  it('approves with the note and rejects with the reason the dialogs ask', async () => {
    await showList();
    const [, , waiting, inApproval] = api.records(contract);
    await userEvent.click(
      within(rowOf('Khen thưởng 3')).getByRole('button', { name: 'Thao tác duyệt Khen thưởng 3' }),
    );
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).to.deep.equal([
      'Huỷ yêu cầu duyệt',
      'Phê duyệt',
      'Từ chối',
    ]);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Phê duyệt' }));
    let dialog = await screen.findByRole('dialog', { name: 'Phê duyệt' });
    const note = within(dialog).getByRole('textbox', { name: /Ý kiến phê duyệt/ });
    await userEvent.clear(note);
    await userEvent.type(note, 'Đủ điều kiện');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Phê duyệt' }));
    await waitFor(() =>
      expect(api.callsTo('POST', `${BASE}/${waiting?.id}/approve`)[0]?.body).to.deep.equal({
        note: 'Đủ điều kiện',
      }),
    );
    await screen.findByText('Đã phê duyệt Khen thưởng 3');

    await userEvent.click(
      within(await rowShown('Khen thưởng 4')).getByRole('button', { name: 'Thao tác duyệt Khen thưởng 4' }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Từ chối' }));
    dialog = await screen.findByRole('dialog', { name: 'Từ chối' });
    const reason = within(dialog).getByRole('textbox', { name: /Lý do từ chối/ });
    await userEvent.clear(reason);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Từ chối' }));
    await within(dialog).findByText('Vui lòng nhập lý do từ chối');
    await userEvent.type(reason, 'Thiếu biên bản');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Từ chối' }));
    await waitFor(() =>
      expect(api.callsTo('POST', `${BASE}/${inApproval?.id}/reject-approval`)[0]?.body).to.deep.equal({
        reason: 'Thiếu biên bản',
      }),
    );
    await waitFor(() => expect(tabNames()[6]).to.equal('Từ chối (2)'));
  });

  it('cancels a request with the optional reason the dialog asks, counted and trimmed', async () => {
    await showList();
    const [, , waiting, inApproval] = api.records(contract);
    await userEvent.click(
      within(rowOf('Khen thưởng 3')).getByRole('button', { name: 'Thao tác duyệt Khen thưởng 3' }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Huỷ yêu cầu duyệt' }));
    let dialog = await screen.findByRole('dialog', { name: 'Huỷ yêu cầu duyệt' });
    expect(dialog.textContent).to.contain('Bạn có chắc chắn muốn huỷ yêu cầu duyệt Khen thưởng 3?');
    const reason = within(dialog).getByRole('textbox', { name: /Lý do huỷ/ }) as HTMLTextAreaElement;
    expect(reason.value).to.equal('');
    expect(within(dialog).getByText('0/1000')).to.not.equal(null);
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
    await userEvent.type(reason, '  Gửi nhầm quy trình ');
    expect(within(dialog).getByText('18/1000')).to.not.equal(null);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Huỷ yêu cầu' }));
    await waitFor(() =>
      expect(api.callsTo('POST', `${BASE}/${waiting?.id}/cancel-approval`)[0]?.body).to.deep.equal({
        reason: 'Gửi nhầm quy trình',
      }),
    );
    await screen.findByText('Đã huỷ yêu cầu duyệt Khen thưởng 3');

    // without a reason: nothing is asked more, and none is sent
    await userEvent.click(
      within(await rowShown('Khen thưởng 4')).getByRole('button', { name: 'Thao tác duyệt Khen thưởng 4' }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Huỷ yêu cầu duyệt' }));
    dialog = await screen.findByRole('dialog', { name: 'Huỷ yêu cầu duyệt' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Huỷ yêu cầu' }));
    await waitFor(() =>
      expect(api.callsTo('POST', `${BASE}/${inApproval?.id}/cancel-approval`)[0]?.body).to.deep.equal({}),
    );
    await waitFor(() => expect(tabNames()[7]).to.equal('Đã huỷ (2)'));
    await rowShown('Khen thưởng 4');
  });

  it('approves the selected rows at once and lists the one the server refused, with its reason', async () => {
    await showList();
    await userEvent.click(within(rowOf('Khen thưởng 2')).getByRole('checkbox'));
    await userEvent.click(within(rowOf('Khen thưởng 3')).getByRole('checkbox'));
    await userEvent.click(await screen.findByRole('button', { name: 'Phê duyệt (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Phê duyệt' });
    expect(dialog.textContent).to.contain('2 bản ghi');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Phê duyệt' }));
    const [, fresh, waiting] = api.records(contract);
    await waitFor(() => expect(api.callsTo('POST', `${BASE}/approve/batch`)).to.have.length(1));
    expect(api.callsTo('POST', `${BASE}/approve/batch`)[0]?.body).to.deep.equal({
      ids: [fresh?.id, waiting?.id],
      note: 'Đồng ý',
    });
    const failures = await screen.findByRole('list', { name: 'Các bản ghi không thực hiện được' });
    const summary = failures.closest('[role="alert"]') as HTMLElement;
    expect(within(summary).getByText('Phê duyệt: 1 thành công, 1 thất bại')).to.not.equal(null);
    expect(
      within(failures)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).to.deep.equal(['Khen thưởng 2: Bản ghi không còn ở trạng thái cho phép thao tác này.']);
    // the failed row stays selected; the counts are read again
    await waitFor(() => expect(tabNames()[5]).to.equal('Đã phê duyệt (2)'));
    expect(
      (within(await rowShown('Khen thưởng 2')).getByRole('checkbox') as HTMLInputElement).checked,
    ).to.equal(true);
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });
});

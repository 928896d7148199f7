import { expect } from '@open-wc/testing';
import { ErrorCodes, FieldErrorKeys, NAVIGATION_ERROR_EVENT } from '@hcm/contracts';
import {
  LeavePolicyPaths,
  leavePolicyContract,
  type LeaveCase,
  type LeaveWorkerCase,
} from '@hcm/contracts/leave-policies';
import { workerContract } from '@hcm/contracts/workers';
import { clearSession } from '@hcm/session';
import { WIDGETS_APP } from '@hcm/widgets';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { accessibilityViolations } from '../../../../shared/ui/src/testing/axe.ts';
import { FakeResourceApi } from '../../../../shared/ui/src/testing/fake-resource-api.ts';
import { signInAdministrator } from '../../../../shared/ui/src/testing/menu-walk.ts';
import {
  loadAppTexts,
  openPath,
  prepareUi,
  renderUi,
  resetUi,
} from '../../../../shared/ui/src/testing/ui-fixture.tsx';
import { addTimekeepingDictionary } from '../testing.ts';
import { TimekeepingRouter } from '../TimekeepingRouter.tsx';
import { WORKER_CASES_ROUTE } from './LeaveRulePages.tsx';

let api: FakeResourceApi;
let settled: () => boolean;
/** The server's table as the fake keeps it: the exceptions only (STANDARD removes the row). */
let cases: Map<string, LeaveWorkerCase>;
let may = { id: '', code: '', name: '' };
/** A worker the server no longer knows (deleted meanwhile): its PUT is refused on workerId. */
let gone = '';

const casePath = (workerId: string) => LeavePolicyPaths.workerCase.replace(':workerId', workerId);
const puts = () =>
  api.calls
    .filter((call) => call.method === 'PUT' && call.path.startsWith(`${LeavePolicyPaths.workerCases}/`))
    .map((call) => ({ path: call.path, body: call.body }));

/*
 * Timekeeping › Config › Leave rules › Workers' leave cases in Chromium (docs/leave.md "The
 * worker's case"), against the kit's in-memory API with the two routes answered as the server
 * answers them (worker-cases.ts: the exceptions listed by code, STANDARD removing the row, an id
 * that is no employee refused on `workerId`): the list with its search, a case set through the
 * worker picker, back to standard after a confirmation, the server's refusal on its field, a
 * reader without the buttons, and the page and its dialog on a 390 px phone; axe on each.
 */
describe("the workers' leave cases", () => {
  beforeEach(async () => {
    await prepareUi();
    await addTimekeepingDictionary();
    await loadAppTexts(WIDGETS_APP, 'widgets');
    api = new FakeResourceApi([leavePolicyContract, workerContract]);
    const workers = api.seed(workerContract, 4, (n) => ({
      code: ['NV004', 'NV007', 'NV010', 'NV011'][n - 1],
      fullName: ['Phạm Văn Dũng', 'Lê Thị Hạnh', 'Nguyễn Thị May', 'Trần Văn Cũ'][n - 1],
    }));
    const [dung, hanh, chosen, old] = workers;
    may = { id: String(chosen?.id), code: 'NV010', name: 'Nguyễn Thị May' };
    gone = String(old?.id);
    cases = new Map(
      [
        {
          workerId: String(dung?.id),
          workerCode: 'NV004',
          workerName: 'Phạm Văn Dũng',
          leaveCase: 'HEAVY' as LeaveCase,
          note: 'Công việc nặng nhọc, độc hại (Thông tư 11/2020)',
        },
        {
          workerId: String(hanh?.id),
          workerCode: 'NV007',
          workerName: 'Lê Thị Hạnh',
          leaveCase: 'SPECIAL' as LeaveCase,
          note: null,
        },
      ].map((row) => [row.workerId, row]),
    );
    api.intercept((call) => {
      if (call.method === 'GET' && call.path === LeavePolicyPaths.workerCases)
        return {
          status: 200,
          body: { data: [...cases.values()].sort((a, b) => a.workerCode.localeCompare(b.workerCode)) },
        };
      const put = /^\/api\/tm\/leave-worker-cases\/([^/]+)$/.exec(call.path);
      if (call.method !== 'PUT' || !put) return null;
      const workerId = decodeURIComponent(put[1] ?? '');
      const worker = workers.find((w) => w.id === workerId);
      if (!worker || workerId === gone)
        return {
          status: 400,
          body: {
            code: ErrorCodes.validation,
            message: `No employee ${workerId} here`,
            errors: [
              {
                field: 'workerId',
                code: FieldErrorKeys.invalidValue,
                message: 'is no employee of this tenant',
              },
            ],
          },
        };
      const { leaveCase, note } = call.body as { leaveCase: LeaveCase; note: string | null };
      const saved: LeaveWorkerCase = {
        workerId,
        workerCode: String(worker.code),
        workerName: String(worker.fullName),
        leaveCase,
        note: leaveCase === 'STANDARD' ? null : note,
      };
      if (leaveCase === 'STANDARD') cases.delete(workerId);
      else cases.set(workerId, saved);
      return { status: 200, body: { data: saved } };
    });
    settled = await signInAdministrator(api, 'TENANT');
  });
  afterEach(async () => {
    await resetUi();
    clearSession();
  });

  it('lists the workers with a case other than standard, found by code or name', async () => {
    const user = userEvent.setup();
    openPath(WORKER_CASES_ROUTE);
    renderUi(<TimekeepingRouter />);
    await screen.findByRole('heading', { level: 1, name: 'Trường hợp đặc biệt của người lao động' });
    const tabs = screen.getByRole('navigation', { name: 'Quy định nghỉ phép' });
    expect(within(tabs).getByRole('button', { current: 'page' }).textContent).to.equal('Trường hợp đặc biệt');
    const table = await screen.findByRole('table');
    const rows = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => [...row.querySelectorAll('th, td')].slice(0, 4).map((cell) => cell.textContent));
    expect(rows()).to.deep.equal([
      [
        'NV004',
        'Phạm Văn Dũng',
        'Nặng nhọc, độc hại, nguy hiểm (14 ngày)',
        'Công việc nặng nhọc, độc hại (Thông tư 11/2020)',
      ],
      ['NV007', 'Lê Thị Hạnh', 'Đặc biệt nặng nhọc; chưa thành niên; khuyết tật (16 ngày)', ''],
    ]);
    await waitFor(() => expect(settled(), 'the page has settled').to.equal(true));
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);

    const search = screen.getByRole('searchbox', { name: 'Tìm người lao động (mã hoặc tên)' });
    await user.type(search, 'dung');
    await waitFor(() => expect(rows().map((row) => row[0])).to.deep.equal(['NV004']));
    await user.clear(search);
    await user.type(search, 'nv007');
    await waitFor(() => expect(rows().map((row) => row[0])).to.deep.equal(['NV007']));
    await user.clear(search);
    await user.type(search, 'Bình');
    await screen.findByText('Không có người lao động nào khớp với "Bình".');

    // the other tab: the rules' versions, the kit's generic list
    await user.click(within(tabs).getByRole('button', { name: 'Phiên bản quy định' }));
    await screen.findByRole('heading', { level: 1, name: 'Quy định nghỉ phép' });
    await screen.findByRole('button', { name: 'Cộng phép năm ngay' });
  });

  it("sets a worker's case through the worker picker, with a note", async () => {
    const user = userEvent.setup();
    openPath(WORKER_CASES_ROUTE);
    renderUi(<TimekeepingRouter />);
    await user.click(await screen.findByRole('button', { name: 'Thêm / đổi trường hợp' }));
    const dialog = await screen.findByRole('dialog', { name: 'Trường hợp của người lao động' });
    const picker = await within(dialog).findByRole('combobox', { name: /Người lao động/ });
    await user.type(picker, 'May');
    await user.click(await screen.findByRole('option', { name: /Nguyễn Thị May/ }));
    await waitFor(() => expect((picker as HTMLInputElement).value).to.equal('Nguyễn Thị May'));
    // three cases, each with its days and what it means
    const group = within(dialog).getByRole('group', { name: /Trường hợp/ });
    expect(within(group).getAllByRole('radio')).to.have.length(3);
    within(group).getByText(/người lao động khuyết tật/);
    await user.click(
      within(group).getByRole('radio', { name: 'Đặc biệt nặng nhọc; chưa thành niên; khuyết tật (16 ngày)' }),
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'Ghi chú' }), 'Người lao động khuyết tật');
    await waitFor(() => expect(settled()).to.equal(true));
    expect(await accessibilityViolations(dialog)).to.deep.equal([]);
    await user.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).to.equal(null));
    expect(puts()).to.deep.equal([
      { path: casePath(may.id), body: { leaveCase: 'SPECIAL', note: 'Người lao động khuyết tật' } },
    ]);
    const row = await screen.findByRole('row', { name: /NV010/ });
    within(row).getByText('Đặc biệt nặng nhọc; chưa thành niên; khuyết tật (16 ngày)');
    within(row).getByText('Người lao động khuyết tật');

    // a row's "change" opens the dialog on its worker and case
    await user.click(screen.getByRole('button', { name: 'Đổi trường hợp của Phạm Văn Dũng' }));
    const change = await screen.findByRole('dialog', { name: 'Đổi trường hợp của Phạm Văn Dũng' });
    expect(
      (within(change).getByRole('textbox', { name: /Người lao động/ }) as HTMLInputElement).value,
    ).to.equal('Phạm Văn Dũng (NV004)');
    expect(
      (within(change).getByRole('radio', { name: /14 ngày/ }) as HTMLInputElement).checked,
      'the case it has',
    ).to.equal(true);
    await user.click(within(change).getByRole('button', { name: 'Huỷ' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).to.equal(null));
  });

  it('puts a worker back to standard after a confirmation: the exception is gone', async () => {
    const user = userEvent.setup();
    openPath(WORKER_CASES_ROUTE);
    renderUi(<TimekeepingRouter />);
    await user.click(await screen.findByRole('button', { name: 'Về bình thường: Phạm Văn Dũng' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Về điều kiện bình thường?' });
    within(confirm).getByText(/Phạm Văn Dũng \(NV004\) sẽ được 12 ngày phép năm/);
    await user.click(within(confirm).getByRole('button', { name: 'Đồng ý' }));
    await waitFor(() => expect(screen.queryByRole('row', { name: /NV004/ })).to.equal(null));
    expect(puts().map((call) => call.body)).to.deep.equal([{ leaveCase: 'STANDARD', note: null }]);
    screen.getByRole('row', { name: /NV007/ });
    expect([...cases.keys()]).to.have.length(1);
  }).timeout(30_000);

  it("shows the server's refusal on the field it names, the dialog left open", async () => {
    const user = userEvent.setup();
    openPath(WORKER_CASES_ROUTE);
    renderUi(<TimekeepingRouter />);
    await user.click(await screen.findByRole('button', { name: 'Thêm / đổi trường hợp' }));
    const dialog = await screen.findByRole('dialog', { name: 'Trường hợp của người lao động' });
    // nothing chosen: the form's own check, no call
    await user.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    const picker = await within(dialog).findByRole('combobox', { name: /Người lao động/ });
    await waitFor(() => expect(picker.getAttribute('aria-invalid')).to.equal('true'));
    expect(puts()).to.deep.equal([]);
    // a worker deleted meanwhile: the server refuses the id
    await user.type(picker, 'Cũ');
    await user.click(await screen.findByRole('option', { name: /Trần Văn Cũ/ }));
    await waitFor(() => expect(picker.getAttribute('aria-invalid')).to.equal(null));
    await user.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(picker.getAttribute('aria-invalid')).to.equal('true'));
    expect(puts()).to.deep.equal([{ path: casePath(gone), body: { leaveCase: 'HEAVY', note: null } }]);
    const described = picker.getAttribute('aria-describedby') ?? '';
    const message = described
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');
    expect(message).to.match(/Người lao động/);
    screen.getByRole('dialog', { name: 'Trường hợp của người lao động' });
    await waitFor(() => expect(settled()).to.equal(true));
    expect(await accessibilityViolations(dialog)).to.deep.equal([]);
  });

  it('shows a user who may only read the rules the cases, without the buttons', async () => {
    await api.signInWith(['leave_policy.view']);
    openPath(WORKER_CASES_ROUTE);
    renderUi(<TimekeepingRouter />);
    await screen.findByRole('row', { name: /NV004/ });
    expect(screen.queryByRole('button', { name: 'Thêm / đổi trường hợp' })).to.equal(null);
    expect(screen.queryByRole('button', { name: /Về bình thường|Đổi/ })).to.equal(null);
    expect(screen.queryByRole('columnheader', { name: 'Thao tác' })).to.equal(null);
  });

  it('reports a path below the leave rules that is no page as not found', async () => {
    const reported: unknown[] = [];
    const onError = (event: Event) => reported.push((event as CustomEvent).detail);
    window.addEventListener(NAVIGATION_ERROR_EVENT, onError);
    try {
      openPath(`${leavePolicyContract.route}/no-such-page/at-all`);
      renderUi(<TimekeepingRouter />);
      await waitFor(() => expect(reported).to.deep.equal([{ status: 404 }]));
    } finally {
      window.removeEventListener(NAVIGATION_ERROR_EVENT, onError);
    }
  });

  describe('on a phone (390 × 844)', () => {
    let width: PropertyDescriptor | undefined;
    let bodyWidth: string;
    beforeEach(() => {
      width = Object.getOwnPropertyDescriptor(window, 'innerWidth');
      Object.defineProperty(window, 'innerWidth', { value: 390, configurable: true });
      bodyWidth = document.body.style.width;
      document.body.style.width = '390px';
    });
    afterEach(() => {
      if (width) Object.defineProperty(window, 'innerWidth', width);
      else delete (window as { innerWidth?: number }).innerWidth;
      document.body.style.width = bodyWidth;
    });

    it('shows a card per worker with its buttons, and fits the list and the dialog on the screen', async () => {
      const user = userEvent.setup();
      openPath(WORKER_CASES_ROUTE);
      renderUi(<TimekeepingRouter />);
      const list = await screen.findByRole('list', { name: '2 người lao động' });
      const cards = within(list).getAllByRole('listitem');
      expect(cards.map((card) => card.textContent)).to.deep.equal([
        'Phạm Văn Dũng NV004Nặng nhọc, độc hại, nguy hiểm (14 ngày)Công việc nặng nhọc, độc hại (Thông tư 11/2020)ĐổiVề bình thường',
        'Lê Thị Hạnh NV007Đặc biệt nặng nhọc; chưa thành niên; khuyết tật (16 ngày)ĐổiVề bình thường',
      ]);
      expect(screen.queryByRole('table')).to.equal(null);
      await waitFor(() => expect(settled()).to.equal(true));
      // the body is the 390 px phone (the page's 8 px margin to its left)
      const edge = document.body.getBoundingClientRect().right + 0.5;
      const wide = [...document.body.querySelectorAll('h1, nav, input, button, li')]
        .filter((element) => element.getBoundingClientRect().right > edge)
        .map((element) => element.outerHTML.slice(0, 80));
      expect(wide).to.deep.equal([]);
      expect(await accessibilityViolations(document.body)).to.deep.equal([]);

      await user.click(screen.getByRole('button', { name: 'Thêm / đổi trường hợp' }));
      const dialog = await screen.findByRole('dialog', { name: 'Trường hợp của người lao động' });
      // (the dialog's own width is min(560px, 100vw − 32px) of the real window, which this
      // harness cannot narrow: what is checked is that nothing in it is wider than it)
      const right = dialog.getBoundingClientRect().right + 0.5;
      const overflowing = [...dialog.querySelectorAll('input, button, fieldset, label')]
        .filter((element) => element.getBoundingClientRect().right > right)
        .map((element) => element.outerHTML.slice(0, 80));
      expect(overflowing).to.deep.equal([]);
      expect(await accessibilityViolations(dialog)).to.deep.equal([]);
    }).timeout(30_000);
  });
});

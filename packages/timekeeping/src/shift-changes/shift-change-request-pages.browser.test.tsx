import { expect } from '@open-wc/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ShiftChangeRequestPaths, shiftChangeRequestContract } from '@hcm/contracts/shift-change-requests';
import { workerContract } from '@hcm/contracts/workers';
import { workShiftContract } from '@hcm/contracts/work-shifts';
import { clearSession } from '@hcm/session';
import { WIDGETS_APP } from '@hcm/widgets';
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

let api: FakeResourceApi;
let settled: () => boolean;
let approvedId = '';
let swapId = '';
const cancelPath = () => `${shiftChangeRequestContract.apiPath}/${approvedId}/cancel-approved`;
const SHIFTS: Record<string, { id: string; code: string; name: string }> = {};

/*
 * The shift change requests' pages in Chromium against the in-memory API: the list with the
 * approval engine's tabs; the create form, whose fields follow the kind (a move's new shift, a
 * swap's other employee and day), on a desktop and on a 390 px phone; a swap's form showing the
 * shift each named employee has that day as the server finds it; and an approved request's
 * "cancel after approval" asking for a reason first. axe finds nothing on each.
 */
describe('the shift change request pages', () => {
  beforeEach(async () => {
    await prepareUi();
    await addTimekeepingDictionary();
    await loadAppTexts(WIDGETS_APP, 'widgets');
    api = new FakeResourceApi([shiftChangeRequestContract, workerContract, workShiftContract]);
    const [may, lap] = api.seed(workerContract, 2, (n) => ({
      fullName: n === 1 ? 'Nguyễn Thị May' : 'Lê Thị Lắp',
    }));
    const [office, afternoon] = api.seed(workShiftContract, 2, (n) => ({
      code: n === 1 ? 'HC' : 'C2',
      name: n === 1 ? 'Hành chính' : 'Ca chiều',
    }));
    SHIFTS[String(may?.id)] = { id: String(office?.id), code: 'HC', name: 'Hành chính' };
    SHIFTS[String(lap?.id)] = { id: String(afternoon?.id), code: 'C2', name: 'Ca chiều' };
    const [swap, approved] = api.seed(shiftChangeRequestContract, 2, (n) => ({
      workerId: may?.id,
      workDate: '2026-01-12',
      kind: n === 1 ? 'SWAP' : 'MOVE',
      otherWorkerId: n === 1 ? lap?.id : null,
      workShiftId: n === 1 ? null : afternoon?.id,
      currentShiftId: office?.id,
      otherShiftId: n === 1 ? afternoon?.id : null,
      approvalStatus: n === 2 ? 'APPROVED' : 'NEW',
    }));
    swapId = String(swap?.id);
    approvedId = String(approved?.id);
    api.intercept((call) => {
      if (call.path.endsWith('/approval-timeline'))
        return {
          status: 200,
          body: { data: { approvalStatus: 'APPROVED', allowedActions: [], requests: [], events: [] } },
        };
      if (call.method === 'GET' && call.path === ShiftChangeRequestPaths.shiftOnDay) {
        const workerId = call.query.get('workerId') ?? '';
        return {
          status: 200,
          body: { data: { workerId, date: call.query.get('date'), workShift: SHIFTS[workerId] ?? null } },
        };
      }
      if (call.method === 'POST' && call.path === cancelPath()) {
        const record = api.records(shiftChangeRequestContract).find((r) => r.id === approvedId);
        if (record) record.approvalStatus = 'CANCELED';
        return { status: 200, body: { data: { ...record, approvalStatus: 'CANCELED', version: 2 } } };
      }
      return null;
    });
    settled = await signInAdministrator(api, 'TENANT');
  });
  afterEach(async () => {
    await resetUi();
    clearSession();
  });

  it('lists the requests under their title with the approval tabs', async () => {
    openPath(shiftChangeRequestContract.route);
    renderUi(<TimekeepingRouter />);
    await screen.findByRole('heading', { level: 1, name: 'Đơn đổi ca' });
    await screen.findByRole('columnheader', { name: /Hình thức/ });
    await waitFor(() => expect(settled(), 'the page has settled').to.equal(true));
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });

  it('asks a move for its new shift and a swap for the other employee and their day', async () => {
    openPath(`${shiftChangeRequestContract.route}/create`);
    renderUi(<TimekeepingRouter />);
    await screen.findByRole('heading', { level: 1, name: 'Thêm mới đơn đổi ca' });
    await screen.findByText('Ca mới (trống: nghỉ)');
    expect(screen.queryByText('Đổi với nhân viên')).to.equal(null);
    screen.getByText('Chọn nhân viên và ngày');
    await waitFor(() => expect(settled()).to.equal(true));
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);

    await userEvent.click(screen.getByRole('combobox', { name: /Hình thức/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Đổi ca với nhân viên khác' }));
    await screen.findByText('Đổi với nhân viên');
    screen.getByText('Ngày của người đổi');
    expect(screen.queryByText('Ca mới (trống: nghỉ)')).to.equal(null);
  });

  describe('on a phone (390 px)', () => {
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

    it('fits the create form into the width, every field reachable', async () => {
      openPath(`${shiftChangeRequestContract.route}/create`);
      renderUi(<TimekeepingRouter />);
      await screen.findByRole('heading', { level: 1, name: 'Thêm mới đơn đổi ca' });
      const reason = await screen.findByRole('textbox', { name: /Lý do/ });
      await waitFor(() => expect(settled()).to.equal(true));
      const edge = document.body.getBoundingClientRect().right;
      for (const input of [reason, screen.getByRole('combobox', { name: /Hình thức/ })])
        expect(input.getBoundingClientRect().right, 'inside the screen').to.be.at.most(edge + 0.5);
      expect(document.body.scrollWidth, 'no sideways scrolling').to.be.at.most(document.body.clientWidth);
      expect(await accessibilityViolations(document.body)).to.deep.equal([]);
    });
  });

  it('shows the shift each named employee has that day on a swap’s form', async () => {
    openPath(`${shiftChangeRequestContract.route}/${swapId}/update`);
    renderUi(<TimekeepingRouter />);
    await screen.findByText('Hành chính (HC)');
    await screen.findByText('Ca chiều (C2)');
    const shifts = screen.getByText('Ca hiện tại của người đổi').closest('dl') as HTMLElement;
    within(shifts).getByText('Ca hiện tại');
    await waitFor(() => expect(settled()).to.equal(true));
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });

  it('cancels an approved request only with a reason', async () => {
    openPath(`${shiftChangeRequestContract.route}/${approvedId}/detail`);
    renderUi(<TimekeepingRouter />);
    const cancel = await screen.findByRole('button', { name: 'Huỷ sau phê duyệt' });
    await waitFor(() => expect(settled()).to.equal(true));
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);

    await userEvent.click(cancel);
    const dialog = await screen.findByRole('dialog', { name: /Huỷ đơn đổi ca đã duyệt/ });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Huỷ chứng từ' }));
    await screen.findByText('Nhập lý do huỷ');
    expect(api.callsTo('POST', cancelPath())).to.have.length(0);
    expect(await accessibilityViolations(dialog)).to.deep.equal([]);

    await userEvent.type(screen.getByRole('textbox', { name: /Lý do huỷ/ }), 'Hai bạn không đổi ca nữa');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Huỷ chứng từ' }));
    await waitFor(() => expect(api.callsTo('POST', cancelPath())).to.have.length(1));
    const [sent] = api.callsTo('POST', cancelPath());
    expect(sent?.body).to.deep.include({ reason: 'Hai bạn không đổi ca nữa' });
    await waitFor(() => expect(screen.queryByRole('dialog')).to.equal(null));
  });
});

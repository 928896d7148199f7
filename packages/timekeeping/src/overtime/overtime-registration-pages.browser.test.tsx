import { expect } from '@open-wc/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorCodes, FieldErrorKeys } from '@hcm/contracts';
import { overtimeRegistrationContract } from '@hcm/contracts/overtime-registrations';
import { workerContract } from '@hcm/contracts/workers';
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
let newId = '';
let approvedId = '';
const API = overtimeRegistrationContract.apiPath;
const cancelPath = () => `${API}/${approvedId}/cancel-approved`;

/*
 * The overtime registrations' pages in Chromium against the in-memory API: the list with the
 * approval engine's tabs, the create form on a desktop and on a 390 px phone, a registration past
 * the monthly cap refused by the server in the user's words (the cap and the hours already
 * registered), and an approved one canceled only with a reason; axe finds nothing on each.
 */
describe('the overtime registration pages', () => {
  beforeEach(async () => {
    await prepareUi();
    await addTimekeepingDictionary();
    await loadAppTexts(WIDGETS_APP, 'widgets');
    api = new FakeResourceApi([overtimeRegistrationContract, workerContract]);
    const [worker] = api.seed(workerContract, 1, () => ({ fullName: 'Nguyễn Thị May' }));
    const [fresh, approved] = api.seed(overtimeRegistrationContract, 2, (n) => ({
      workerId: worker?.id,
      approvalStatus: n === 2 ? 'APPROVED' : 'NEW',
      hours: '2.00',
      dayType: 'WEEKDAY',
    }));
    newId = String(fresh?.id);
    approvedId = String(approved?.id);
    api.intercept((call) => {
      if (call.path.endsWith('/approval-timeline'))
        return {
          status: 200,
          body: { data: { approvalStatus: 'APPROVED', allowedActions: [], requests: [], events: [] } },
        };
      if (call.method === 'POST' && call.path === `${API}/${newId}/update`)
        return {
          status: 400,
          body: {
            code: ErrorCodes.validation,
            message: 'The overtime registration is not valid',
            errors: [
              {
                field: 'toTime',
                code: FieldErrorKeys.overtimeMonthCap,
                message: 'exceeds the monthly cap of 40 h: 38 h already registered this month, 3 h asked',
                params: { limit: 40, used: 38, asked: 3 },
              },
            ],
          },
        };
      if (call.method === 'POST' && call.path === cancelPath()) {
        const record = api.records(overtimeRegistrationContract).find((r) => r.id === approvedId);
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

  it('lists the registrations under their title with the approval tabs', async () => {
    openPath(overtimeRegistrationContract.route);
    renderUi(<TimekeepingRouter />);
    await screen.findByRole('heading', { level: 1, name: 'Đăng ký làm thêm giờ' });
    await screen.findByRole('columnheader', { name: /Số giờ làm thêm/ });
    await screen.findByRole('tab', { name: /Chờ tôi duyệt/ });
    await waitFor(() => expect(settled(), 'the page has settled').to.equal(true));
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });

  it('asks for the worker, the day, from and to, and the reason of a new registration', async () => {
    openPath(`${overtimeRegistrationContract.route}/create`);
    renderUi(<TimekeepingRouter />);
    await screen.findByRole('heading', { level: 1, name: 'Thêm mới đăng ký làm thêm giờ' });
    await screen.findAllByText('Ngày làm thêm');
    screen.getAllByText('Từ giờ (HH:mm)');
    screen.getAllByText('Đến giờ (HH:mm)');
    screen.getAllByText('Lý do');
    await waitFor(() => expect(settled()).to.equal(true));
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
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

    it('fits the create form on the screen: no field wider than the phone', async () => {
      openPath(`${overtimeRegistrationContract.route}/create`);
      renderUi(<TimekeepingRouter />);
      await screen.findByRole('heading', { level: 1, name: 'Thêm mới đăng ký làm thêm giờ' });
      await screen.findAllByText('Đến giờ (HH:mm)');
      await waitFor(() => expect(settled()).to.equal(true));
      const fields = [...document.querySelectorAll('input, textarea, [role="combobox"]')];
      expect(fields.length).to.be.greaterThan(3);
      // the body is the 390 px phone (the page's 8 px margin to its left)
      const edge = document.body.getBoundingClientRect().right + 0.5;
      const wide = fields.filter((field) => field.getBoundingClientRect().right > edge);
      expect(wide.map((field) => field.outerHTML.slice(0, 80))).to.deep.equal([]);
      expect(await accessibilityViolations(document.body)).to.deep.equal([]);
    }).timeout(30_000);
  });

  it('says a refusal past the monthly cap in Vietnamese: the cap and the hours already registered', async () => {
    const user = userEvent.setup();
    openPath(`${overtimeRegistrationContract.route}/${newId}/update`);
    renderUi(<TimekeepingRouter />);
    const to = await screen.findByRole('textbox', { name: /Đến giờ/ });
    await waitFor(() => expect((to as HTMLInputElement).value).to.equal('19:30'));
    await user.clear(to);
    await user.type(to, '20:30');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await screen.findByText(
      'Vượt giới hạn làm thêm 40 giờ/tháng: đã đăng ký 38 giờ trong tháng này, thêm 3 giờ.',
    );
    expect(to.getAttribute('aria-invalid')).to.equal('true');
    await waitFor(() => expect(settled()).to.equal(true));
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });

  it('cancels an approved registration only with a reason', async () => {
    openPath(`${overtimeRegistrationContract.route}/${approvedId}/detail`);
    renderUi(<TimekeepingRouter />);
    const cancel = await screen.findByRole('button', { name: 'Huỷ sau phê duyệt' });
    await waitFor(() => expect(settled()).to.equal(true));
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);

    await userEvent.click(cancel);
    const dialog = await screen.findByRole('dialog', { name: /Huỷ đăng ký làm thêm giờ đã duyệt/ });
    const confirm = () => screen.getAllByRole('button').find((b) => b.textContent === 'Huỷ chứng từ');
    await userEvent.click(confirm() as HTMLElement);
    await screen.findByText('Nhập lý do huỷ');
    expect(api.callsTo('POST', cancelPath())).to.have.length(0);
    expect(await accessibilityViolations(dialog)).to.deep.equal([]);

    await userEvent.type(screen.getByRole('textbox', { name: /Lý do huỷ/ }), 'Đơn hàng lùi sang tuần sau');
    await userEvent.click(confirm() as HTMLElement);
    await waitFor(() => expect(api.callsTo('POST', cancelPath())).to.have.length(1));
    const [sent] = api.callsTo('POST', cancelPath());
    expect(sent?.body).to.deep.include({ reason: 'Đơn hàng lùi sang tuần sau' });
    await waitFor(() => expect(screen.queryByRole('dialog')).to.equal(null));
  });
});

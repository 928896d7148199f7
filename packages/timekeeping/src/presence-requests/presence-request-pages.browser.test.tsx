import { expect } from '@open-wc/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorCodes, FieldErrorKeys } from '@hcm/contracts';
import { businessTripContract, conferenceContract } from '@hcm/contracts/presence-requests';
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
let approvedConference = '';
let newTrip = '';
const cancelPath = () => `${conferenceContract.apiPath}/${approvedConference}/cancel-approved`;

/*
 * The business trip and conference pages in Chromium against the in-memory API: each list with
 * the approval engine's tabs, the trip's create form on a desktop and on a 390 px phone (nothing
 * wider than the screen), and an approved conference's "cancel after approval" asking for a
 * reason before anything is sent; axe finds nothing on each.
 */
describe('the business trip and conference pages', () => {
  beforeEach(async () => {
    await prepareUi();
    await addTimekeepingDictionary();
    await loadAppTexts(WIDGETS_APP, 'widgets');
    api = new FakeResourceApi([businessTripContract, conferenceContract, workerContract]);
    const [worker] = api.seed(workerContract, 1, () => ({ fullName: 'Lê Văn Lắp' }));
    const [trip] = api.seed(businessTripContract, 2, (n) => ({
      workerId: worker?.id,
      approvalStatus: 'NEW',
      fromDate: `2026-03-0${n}`,
      toDate: `2026-03-0${n}`,
      fromTime: null,
      toTime: null,
      advanceAmount: null,
    }));
    newTrip = String(trip?.id);
    const [, approved] = api.seed(conferenceContract, 2, (n) => ({
      approvalStatus: n === 2 ? 'APPROVED' : 'NEW',
    }));
    approvedConference = String(approved?.id);
    api.intercept((call) => {
      if (call.path.endsWith('/approval-timeline'))
        return {
          status: 200,
          body: { data: { approvalStatus: 'APPROVED', allowedActions: [], requests: [], events: [] } },
        };
      // the server's refusal of a trip meeting another, as the resource's rules write it
      if (call.method === 'POST' && call.path === `${businessTripContract.apiPath}/${newTrip}/update`)
        return {
          status: 400,
          body: {
            code: ErrorCodes.validation,
            message: 'The business trip is not valid',
            errors: [
              {
                field: 'fromDate',
                code: FieldErrorKeys.tripOverlap,
                message: "overlaps the employee's trip to Đà Nẵng from 16/02/2026 to 20/02/2026",
                params: { destination: 'Đà Nẵng', from: '16/02/2026', to: '20/02/2026' },
              },
            ],
          },
        };
      if (call.method === 'POST' && call.path === cancelPath()) {
        const record = api.records(conferenceContract).find((r) => r.id === approvedConference);
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

  it('lists the business trips under their title with the approval tabs', async () => {
    openPath(businessTripContract.route);
    renderUi(<TimekeepingRouter />);
    await screen.findByRole('heading', { level: 1, name: 'Đơn công tác' });
    await screen.findByRole('columnheader', { name: /Nơi công tác/ });
    await waitFor(() => expect(settled(), 'the page has settled').to.equal(true));
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });

  it('asks for the worker, the days or hours, the destination and the purpose of a trip', async () => {
    openPath(`${businessTripContract.route}/create`);
    renderUi(<TimekeepingRouter />);
    await screen.findByRole('heading', { level: 1, name: 'Thêm mới đơn đi công tác' });
    await screen.findAllByText('Ngày đi');
    screen.getAllByText('Đến giờ (HH:mm)');
    screen.getAllByText('Nơi công tác');
    screen.getAllByText('Tạm ứng (đồng)');
    await waitFor(() => expect(settled()).to.equal(true));
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });

  it('says the server’s refusal of an overlapping trip in Vietnamese, naming the other trip', async () => {
    const user = userEvent.setup();
    openPath(`${businessTripContract.route}/${newTrip}/update`);
    renderUi(<TimekeepingRouter />);
    const destination = await screen.findByRole('textbox', { name: /Nơi công tác/ });
    await waitFor(() => expect((destination as HTMLInputElement).value).to.not.equal(''));
    await user.clear(destination);
    await user.type(destination, 'Đà Nẵng');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await screen.findByText('Trùng với đơn công tác đến Đà Nẵng từ 16/02/2026 đến 20/02/2026 của nhân viên.');
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

    it('fits the trip form on the screen: no field wider than the phone', async () => {
      openPath(`${businessTripContract.route}/create`);
      renderUi(<TimekeepingRouter />);
      await screen.findByRole('heading', { level: 1, name: 'Thêm mới đơn đi công tác' });
      await screen.findAllByText('Nơi công tác');
      await waitFor(() => expect(settled()).to.equal(true));
      const fields = [...document.querySelectorAll('input, textarea, [role="combobox"]')];
      expect(fields.length).to.be.greaterThan(5);
      // the page is the body's 390 px (after its margin): each field within it, one column
      const screenRight = document.body.getBoundingClientRect().right;
      const wide = fields.filter((field) => field.getBoundingClientRect().right > screenRight + 0.5);
      expect(wide.map((field) => field.outerHTML.slice(0, 80))).to.deep.equal([]);
      const form = document.querySelector('form') as HTMLElement;
      expect(form.scrollWidth, 'nothing scrolls sideways').to.be.at.most(form.clientWidth);
      expect(await accessibilityViolations(document.body)).to.deep.equal([]);
    }).timeout(30_000);
  });

  it('lists the conferences, and cancels an approved one only with a reason', async () => {
    openPath(conferenceContract.route);
    renderUi(<TimekeepingRouter />);
    await screen.findByRole('heading', { level: 1, name: 'Đăng ký hội họp' });
    await screen.findByRole('columnheader', { name: /Địa điểm/ });
    await waitFor(() => expect(settled()).to.equal(true));
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
    await resetUi();

    openPath(`${conferenceContract.route}/${approvedConference}/detail`);
    renderUi(<TimekeepingRouter />);
    const cancel = await screen.findByRole('button', { name: 'Huỷ sau phê duyệt' });
    await waitFor(() => expect(settled()).to.equal(true));
    await userEvent.click(cancel);
    const dialog = await screen.findByRole('dialog', { name: /Huỷ đăng ký hội họp đã duyệt/ });
    await userEvent.click(screen.getByRole('button', { name: 'Huỷ chứng từ' }));
    await screen.findByText('Nhập lý do huỷ');
    expect(api.callsTo('POST', cancelPath())).to.have.length(0);
    expect(await accessibilityViolations(dialog)).to.deep.equal([]);

    await userEvent.type(screen.getByRole('textbox', { name: /Lý do huỷ/ }), 'Hội nghị dời sang tuần sau');
    await userEvent.click(screen.getByRole('button', { name: 'Huỷ chứng từ' }));
    await waitFor(() => expect(api.callsTo('POST', cancelPath())).to.have.length(1));
    const [sent] = api.callsTo('POST', cancelPath());
    expect(sent?.body).to.deep.include({ reason: 'Hội nghị dời sang tuần sau' });
    await waitFor(() => expect(screen.queryByRole('dialog')).to.equal(null));
  });
});

import { expect } from '@open-wc/testing';
import { ErrorCodes, FieldErrorKeys } from '@hcm/contracts';
import { LeavePolicyPaths, leavePolicyContract } from '@hcm/contracts/leave-policies';
import { clearSession } from '@hcm/session';
import { WIDGETS_APP } from '@hcm/widgets';
import { screen, waitFor } from '@testing-library/react';
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

const API = leavePolicyContract.apiPath;
let api: FakeResourceApi;
let settled: () => boolean;
let storedId = '';

/*
 * Timekeeping › Config › Leave rules in Chromium against the in-memory API (docs/leave.md "The
 * leave rules"): the versions listed by the day they are in force from, the form's three sections
 * with their hints (the statutory figures), the server's field error on an expiry day no year has
 * shown on its input, and the form on a 390 px phone; axe finds nothing on each.
 */
describe('the leave rules pages', () => {
  beforeEach(async () => {
    await prepareUi();
    await addTimekeepingDictionary();
    await loadAppTexts(WIDGETS_APP, 'widgets');
    api = new FakeResourceApi([leavePolicyContract]);
    const [stored] = api.seed(leavePolicyContract, 1, () => ({
      effectiveFrom: '2026-01-01',
      baseDays: '12.0',
      carryOverMaxDays: '5.0',
      carryOverExpiresOn: '03-31',
    }));
    storedId = String(stored?.id);
    api.intercept((call) => {
      if (call.method === 'POST' && call.path === `${API}/${storedId}/update`)
        return {
          status: 400,
          body: {
            code: ErrorCodes.validation,
            message: 'The leave rules are not valid: 02-30 is not a day every year has',
            errors: [
              {
                field: 'carryOverExpiresOn',
                code: FieldErrorKeys.invalidValue,
                message: '02-30 is not a day every year has (MM-DD, e.g. 03-31)',
              },
            ],
          },
        };
      if (call.method === 'POST' && call.path === LeavePolicyPaths.accrue) {
        const { year } = call.body as { year: number };
        if (year > 2026)
          return {
            status: 400,
            body: {
              code: ErrorCodes.validation,
              message: `Leave is accrued for a year from 2000 to this year, not ${year}`,
              errors: [
                { field: 'year', code: FieldErrorKeys.max, message: 'a year from 2000 to 2026 (this year)' },
              ],
            },
          };
        return { status: 200, body: { data: { year, written: 36 } } };
      }
      return null;
    });
    settled = await signInAdministrator(api, 'TENANT');
  });
  afterEach(async () => {
    await resetUi();
    clearSession();
  });

  it('lists the versions of the rules by the day they are in force from', async () => {
    openPath(leavePolicyContract.route);
    renderUi(<TimekeepingRouter />);
    await screen.findByRole('heading', { level: 1, name: 'Quy định nghỉ phép' });
    await screen.findByRole('columnheader', { name: /Áp dụng từ ngày/ });
    await waitFor(() => expect(settled(), 'the page has settled').to.equal(true));
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });

  it('asks for the days, the seniority, the accrual and the carry-over, each with its hint', async () => {
    openPath(`${leavePolicyContract.route}/create`);
    renderUi(<TimekeepingRouter />);
    await screen.findByRole('heading', { level: 1, name: /quy định nghỉ phép năm/i });
    await screen.findAllByText('Số ngày phép năm (bình thường)');
    screen.getAllByText('Cộng phép và chuyển phép');
    screen.getByText('Điều 113: 12 ngày; từ 0 đến 100');
    screen.getByText('Từ 1 đến 28 (tháng Hai cũng có)');
    screen.getAllByText('Phép chuyển sang hết hạn ngày (MM-DD)');
    await waitFor(() => expect(settled()).to.equal(true));
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });

  it("shows the server's refusal of an expiry day no year has on its input", async () => {
    const user = userEvent.setup();
    openPath(`${leavePolicyContract.route}/${storedId}/update`);
    renderUi(<TimekeepingRouter />);
    const expiry = await screen.findByRole('textbox', { name: /Phép chuyển sang hết hạn ngày/ });
    await waitFor(() => expect((expiry as HTMLInputElement).value).to.equal('03-31'));
    await user.clear(expiry);
    await user.type(expiry, '02-30');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(expiry.getAttribute('aria-invalid')).to.equal('true'));
    expect(api.callsTo('POST', `${API}/${storedId}/update`)).to.have.length(1);
    await waitFor(() => expect(settled()).to.equal(true));
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });

  it("runs the year's accrual now and says how many entries were written", async () => {
    const user = userEvent.setup();
    openPath(leavePolicyContract.route);
    renderUi(<TimekeepingRouter />);
    await user.click(await screen.findByRole('button', { name: 'Cộng phép năm ngay' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cộng phép năm ngay' });
    const year = screen.getByRole('textbox', { name: /Năm/ });
    await user.clear(year);
    await user.type(year, '2025');
    await user.click(screen.getByRole('button', { name: 'Cộng phép' }));
    await screen.findByText('Đã ghi 36 mục cộng phép của năm 2025.');
    expect(api.callsTo('POST', LeavePolicyPaths.accrue).map((call) => call.body)).to.deep.equal([
      { year: 2025 },
    ]);
    expect(await accessibilityViolations(dialog)).to.deep.equal([]);

    await user.clear(year);
    await user.type(year, '2999');
    await user.click(screen.getByRole('button', { name: 'Cộng phép' }));
    const refusal = await screen.findByRole('alert');
    expect(refusal.textContent).to.match(/^Không cộng được: /);
    await user.click(screen.getByRole('button', { name: 'Đóng' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).to.equal(null));
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

    it('fits the form on the screen: no field wider than the phone', async () => {
      openPath(`${leavePolicyContract.route}/create`);
      renderUi(<TimekeepingRouter />);
      await screen.findByRole('heading', { level: 1, name: /quy định nghỉ phép năm/i });
      await screen.findAllByText('Phép chuyển sang hết hạn ngày (MM-DD)');
      await waitFor(() => expect(settled()).to.equal(true));
      const fields = [...document.querySelectorAll('input, textarea, [role="combobox"]')];
      expect(fields.length).to.be.greaterThan(10);
      // the body is the 390 px phone (the page's 8 px margin to its left)
      const edge = document.body.getBoundingClientRect().right + 0.5;
      const wide = fields.filter((field) => field.getBoundingClientRect().right > edge);
      expect(wide.map((field) => field.outerHTML.slice(0, 80))).to.deep.equal([]);
      expect(await accessibilityViolations(document.body)).to.deep.equal([]);
    }).timeout(30_000);
  });
});

import { expect } from '@open-wc/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  SEEDED_TIMEKEEPING_SETTINGS,
  TimekeepingConfigPaths,
  type TimekeepingConfigBody,
  type TimekeepingConfigVersion,
} from '@hcm/contracts/timekeeping-config';
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
let versions: TimekeepingConfigVersion[];
/** what the next PUT answers instead of storing (a refusal), once */
let refuseNext: { status: number; body: unknown } | null;

const VERSION_PATH = /^\/api\/tm\/config\/versions\/(\d{4}-\d{2})$/;

/*
 * Timekeeping › General config in Chromium against an in-memory API that keeps the versions the
 * page stores: the defaults shown while nothing is stored, X written for a worked day and sent
 * with its reason, the server's refusals shown on the fields they name and as the month that is
 * locked; axe finds nothing on each state.
 */
describe('the timekeeping general config page', () => {
  beforeEach(async () => {
    await prepareUi();
    await addTimekeepingDictionary();
    await loadAppTexts(WIDGETS_APP, 'widgets');
    versions = [];
    refuseNext = null;
    api = new FakeResourceApi([]);
    api.intercept((call) => {
      if (call.method === 'GET' && call.path === TimekeepingConfigPaths.config) {
        const month = call.query.get('month') ?? '2026-12';
        const inForce = versions.find((v) => v.effectiveMonth <= month) ?? null;
        return {
          status: 200,
          body: { data: { month, inForce, seeded: SEEDED_TIMEKEEPING_SETTINGS, versions } },
        };
      }
      const match = VERSION_PATH.exec(call.path);
      if (call.method === 'PUT' && match) {
        if (refuseNext) {
          const refusal = refuseNext;
          refuseNext = null;
          return refusal;
        }
        const body = call.body as TimekeepingConfigBody;
        const month = match[1] as string;
        versions = [
          {
            ...body,
            effectiveMonth: month,
            version: 1,
            changedBy: 'u1',
            changedByName: 'Quản trị',
            changedAt: '2026-12-07T03:00:00Z',
          },
          ...versions.filter((v) => v.effectiveMonth !== month),
        ].sort((a, b) => b.effectiveMonth.localeCompare(a.effectiveMonth));
        return {
          status: 200,
          body: { data: { effectiveMonth: month, version: 1, recomputed: { from: month, until: null } } },
        };
      }
      return null;
    });
    settled = await signInAdministrator(api, 'TENANT');
  });
  afterEach(async () => {
    await resetUi();
    clearSession();
  });

  it('shows the defaults of form 01a-LĐTL while the tenant stores none', async () => {
    openPath('/tm/config');
    renderUi(<TimekeepingRouter />);
    await screen.findByRole('heading', { level: 1, name: 'Cấu hình chung' });
    await screen.findByText(/tính theo cấu hình mặc định \(mẫu 01a-LĐTL\)/);
    const worked = await screen.findByRole('textbox', { name: 'Ký hiệu: Lương thời gian' });
    expect((worked as HTMLInputElement).value).to.equal('+');
    const unpaid = screen.getByRole('textbox', { name: 'Ký hiệu: Nghỉ không lương' });
    expect((unpaid as HTMLInputElement).value).to.equal('KL');
    // paid personal leave (Labour Code art. 115(1)): R, after compensatory leave, counted as paid leave
    const personal = screen.getByRole('textbox', {
      name: 'Ký hiệu: Nghỉ việc riêng có hưởng lương (kết hôn, tang)',
    });
    expect((personal as HTMLInputElement).value).to.equal('R');
    const row = personal.closest('tr') as HTMLElement;
    within(row).getByText('Nghỉ hưởng lương');
    const keys = screen.getAllByRole('textbox', { name: /^Ký hiệu: / });
    expect(keys).to.have.length(20);
    expect(keys.map((box) => box.getAttribute('aria-label') ?? '').slice(6, 8)).to.deep.equal([
      'Ký hiệu: Nghỉ bù',
      'Ký hiệu: Nghỉ việc riêng có hưởng lương (kết hôn, tang)',
    ]);
    screen.getByText('Chưa có cấu hình riêng: đang dùng mặc định.');
    await waitFor(() => expect(settled()).to.equal(true));
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });

  it('stores X for a worked day from a month, with its reason, and lists the version', async () => {
    const user = userEvent.setup();
    openPath('/tm/config');
    renderUi(<TimekeepingRouter />);
    const worked = await screen.findByRole('textbox', { name: 'Ký hiệu: Lương thời gian' });
    await user.clear(worked);
    await user.type(worked, 'X');
    await user.click(screen.getByRole('button', { name: 'Lưu cấu hình' }));
    // no reason: nothing is sent
    await screen.findByText('Nhập lý do thay đổi');
    expect(api.calls.filter((call) => call.method === 'PUT')).to.have.length(0);
    await user.type(screen.getByRole('textbox', { name: /Lý do thay đổi/ }), 'Ghi X');
    await user.click(screen.getByRole('button', { name: 'Lưu cấu hình' }));
    await screen.findByText(/Đã lưu\. Bảng công từ tháng \d\d\/\d{4} đang được tính lại/);
    const [sent] = api.calls.filter((call) => call.method === 'PUT');
    const body = sent?.body as TimekeepingConfigBody;
    expect(body.symbols.WORKED).to.equal('X');
    expect(body.symbols.ANNUAL_LEAVE).to.equal('P');
    expect(body.symbols.PAID_PERSONAL).to.equal('R');
    expect(body.symbols.ABSENT).to.equal(null);
    expect(body).to.include({ overtimeMode: 'REGISTERED', reason: 'Ghi X' });
    const history = await screen.findByRole('region', { name: 'Lịch sử cấu hình' });
    await within(history).findByText('Lương thời gian: X');
    await screen.findByText(/tính theo cấu hình áp dụng từ tháng/);
    await waitFor(() => expect(settled()).to.equal(true));
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });

  it('shows the server’s refusals on the symbols they name, and a locked month', async () => {
    const user = userEvent.setup();
    openPath('/tm/config');
    renderUi(<TimekeepingRouter />);
    const annual = await screen.findByRole('textbox', { name: 'Ký hiệu: Nghỉ phép' });
    await user.clear(annual);
    await user.type(annual, 'KL');
    await user.type(screen.getByRole('textbox', { name: /Lý do thay đổi/ }), 'Thử');
    const clash = (key: string) => ({
      field: `symbols.${key}`,
      code: 'error.invalidValue',
      message: 'clash',
      params: { value: 'KL', keys: 'ANNUAL_LEAVE, UNPAID_LEAVE' },
    });
    refuseNext = {
      status: 400,
      body: {
        code: 'VALIDATION_ERROR',
        message: 'invalid',
        errors: [clash('ANNUAL_LEAVE'), clash('UNPAID_LEAVE')],
      },
    };
    await user.click(screen.getByRole('button', { name: 'Lưu cấu hình' }));
    await screen.findByText('"KL" đã dùng cho: Nghỉ không lương, tính công khác');
    screen.getByText('"KL" đã dùng cho: Nghỉ phép, tính công khác');
    expect(annual.getAttribute('aria-invalid')).to.equal('true');
    await waitFor(() => expect(settled()).to.equal(true));
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);

    refuseNext = {
      status: 409,
      body: { code: 'MONTH_LOCKED', message: 'locked', params: { reason: 'monthLocked', month: '2026-11' } },
    };
    await user.click(screen.getByRole('button', { name: 'Lưu cấu hình' }));
    await screen.findByText(
      'Bảng công tháng 11/2026 đã duyệt và khoá: mở lại bảng công đó, hoặc áp dụng từ tháng sau.',
    );
    expect(versions).to.have.length(0);
  });
});

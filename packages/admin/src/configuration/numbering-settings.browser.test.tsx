import { expect } from '@open-wc/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession } from '@hcm/session';
import {
  CONFIGURATION_API_PATH,
  DEFAULT_WORKING_WEEK,
  type Configuration,
  type ConfigurationBody,
} from '@hcm/contracts/system';
import { ErrorCodes } from '@hcm/contracts';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { accessibilityViolations } from '../../../../shared/ui/src/testing/axe.ts';
import { FakeResourceApi } from '../../../../shared/ui/src/testing/fake-resource-api.ts';
import {
  loadAppTexts,
  openPath,
  prepareUi,
  renderUi,
  resetUi,
} from '../../../../shared/ui/src/testing/ui-fixture.tsx';
import { AdminRouter } from '../AdminRouter.tsx';
import { ADMIN_APP } from '../admin-i18n.ts';

const DAY = 86_400;
/** A tenant that chose its own patterns and a 45-day notice. */
const stored: Configuration = {
  timeZone: 'Asia/Ho_Chi_Minh',
  workingWeek: DEFAULT_WORKING_WEEK,
  refreshTtlSeconds: DAY,
  sessionMaxAgeSeconds: DAY,
  rememberMeRefreshTtlSeconds: 30 * DAY,
  rememberMeSessionMaxAgeSeconds: 30 * DAY,
  language: 'vi',
  dateFormat: 'DD/MM/YYYY',
  workerSelfServiceFields: ['email', 'phone'],
  requesterMayApprove: false,
  employeeCodePattern: 'HCM{00000}',
  contractNumberPattern: '{number}/{yyyy}/HĐLĐ',
  contractExpiryNoticeDays: 45,
  actionLogRetentionMonths: 36,
  version: 3,
  scope: 'tenant',
  inherited: false,
  limits: {
    refreshTtlSeconds: DAY,
    sessionMaxAgeSeconds: DAY,
    rememberMeRefreshTtlSeconds: 30 * DAY,
    rememberMeSessionMaxAgeSeconds: 30 * DAY,
  },
  updatedAt: '2026-03-01T01:00:00.000Z',
};

let api: FakeResourceApi;

async function openConfiguration() {
  openPath('/system/configuration');
  renderUi(<AdminRouter />);
  const section = await screen.findByRole('region', { name: 'Đánh số tự động và cảnh báo' });
  const inside = within(section);
  return {
    section,
    employeeCode: inside.getByRole('textbox', { name: /^Mẫu mã nhân viên\s*\*?$/ }) as HTMLInputElement,
    contractNumber: inside.getByRole('textbox', {
      name: /^Mẫu số hợp đồng lao động\s*\*?$/,
    }) as HTMLInputElement,
    notice: inside.getByRole('spinbutton', {
      name: /^Báo trước khi hợp đồng hết hạn\s*\*?$/,
    }) as HTMLInputElement,
    retention: inside.getByRole('spinbutton', { name: /^Lưu nhật ký thao tác\s*\*?$/ }) as HTMLInputElement,
  };
}

describe('System › Configuration: automatic numbering and alerts', () => {
  beforeEach(async () => {
    await prepareUi();
    await loadAppTexts(ADMIN_APP, 'admin');
    api = new FakeResourceApi([]);
    await api.signInWith(['configuration.view', 'configuration.update']);
  });
  afterEach(async () => {
    await resetUi();
    clearSession();
  });

  it('shows the stored patterns with what they give, and refuses a bad pattern unsent', async () => {
    api.intercept((call) => {
      if (call.path !== CONFIGURATION_API_PATH) return null;
      if (call.method === 'GET') return { status: 200, body: { data: stored } };
      const body = call.body as ConfigurationBody;
      return { status: 200, body: { data: { ...stored, ...body, version: body.version + 1 } } };
    });
    // no pause between keystrokes: the page re-renders on each, and a loaded machine is slow enough
    const user = userEvent.setup({ delay: null });
    const { section, employeeCode, contractNumber, notice } = await openConfiguration();
    expect(employeeCode.value).to.equal('HCM{00000}');
    expect(contractNumber.value).to.equal('{number}/{yyyy}/HĐLĐ');
    expect(notice.value).to.equal('45');
    // what the tokens mean, and the numbers each pattern gives
    expect(section.textContent).to.contain('{0000} là số thứ tự');
    expect(section.textContent).to.contain('HCM00001, HCM00002');
    expect(section.textContent).to.match(/1\/\d{4}\/HĐLĐ, 2\/\d{4}\/HĐLĐ/);
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);

    // A slash is no part of an employee code, and a pattern needs its counter: both refused here.
    await user.clear(employeeCode);
    await user.type(employeeCode, 'NV/{{0000}');
    await user.clear(contractNumber);
    await user.type(contractNumber, 'HĐ-{{yyyy}');
    await user.clear(notice);
    await user.type(notice, '181');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(employeeCode.getAttribute('aria-invalid')).to.equal('true'));
    expect(contractNumber.getAttribute('aria-invalid')).to.equal('true');
    expect(notice.getAttribute('aria-invalid')).to.equal('true');
    await within(section).findByText('Mẫu mã nhân viên không đúng định dạng.');
    expect(api.callsTo('PUT', CONFIGURATION_API_PATH)).to.have.length(0);
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });

  it('sends a good change with the numbers it gives', async () => {
    api.intercept((call) => {
      if (call.path !== CONFIGURATION_API_PATH) return null;
      if (call.method === 'GET') return { status: 200, body: { data: stored } };
      const body = call.body as ConfigurationBody;
      return { status: 200, body: { data: { ...stored, ...body, version: body.version + 1 } } };
    });
    // no pause between keystrokes: the page re-renders on each, and a loaded machine is slow enough
    const user = userEvent.setup({ delay: null });
    const { section, employeeCode, contractNumber, notice, retention } = await openConfiguration();
    await user.clear(employeeCode);
    await user.type(employeeCode, 'NV{{yy}{{000}');
    await user.clear(contractNumber);
    await user.type(contractNumber, '{{number}/{{MM}{{yyyy}/HĐLĐ-HCM');
    await user.clear(notice);
    await user.type(notice, '60');
    expect(retention.value).to.equal('36');
    await user.clear(retention);
    await user.type(retention, '12');
    await waitFor(() => expect(employeeCode.getAttribute('aria-invalid')).not.to.equal('true'));
    expect(section.textContent).to.match(/NV\d{2}001, NV\d{2}002/);
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(api.callsTo('PUT', CONFIGURATION_API_PATH)).to.have.length(1));
    const sent = api.callsTo('PUT', CONFIGURATION_API_PATH)[0]?.body as ConfigurationBody;
    expect(sent).to.deep.include({
      employeeCodePattern: 'NV{yy}{000}',
      contractNumberPattern: '{number}/{MM}{yyyy}/HĐLĐ-HCM',
      contractExpiryNoticeDays: 60,
      actionLogRetentionMonths: 12,
      version: 3,
    });
  });

  it('shows the server’s refusal of a pattern on its field, keeping what the user typed', async () => {
    api.intercept((call) => {
      if (call.path !== CONFIGURATION_API_PATH) return null;
      if (call.method === 'GET') return { status: 200, body: { data: stored } };
      return {
        status: 400,
        body: {
          code: ErrorCodes.validation,
          message: 'The request is not valid',
          errors: [
            {
              field: 'contractNumberPattern',
              code: 'error.pattern',
              message: 'exactly one counter, {0000} or {number} (for example {number}/{yyyy}/HĐLĐ)',
            },
          ],
        },
      };
    });
    const user = userEvent.setup();
    const { contractNumber } = await openConfiguration();
    await user.clear(contractNumber);
    await user.type(contractNumber, 'HĐ{{0000}');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(contractNumber.getAttribute('aria-invalid')).to.equal('true'));
    await screen.findByText('Mẫu số hợp đồng lao động không đúng định dạng.');
    expect(contractNumber.value).to.equal('HĐ{0000}');
  });
});

describe('System › Configuration: the working week', () => {
  beforeEach(async () => {
    await prepareUi();
    await loadAppTexts(ADMIN_APP, 'admin');
    api = new FakeResourceApi([]);
    await api.signInWith(['configuration.view', 'configuration.update']);
  });
  afterEach(async () => {
    await resetUi();
    clearSession();
  });

  it('refuses a week without a working day, unsent: a step in working days would never fall due', async () => {
    // a tenant that works Mondays only
    const mondays = Object.fromEntries(
      Object.keys(DEFAULT_WORKING_WEEK).map((day) => [day, day === 'monday' ? 'FULL' : 'OFF']),
    ) as typeof DEFAULT_WORKING_WEEK;
    api.intercept((call) =>
      call.path === CONFIGURATION_API_PATH && call.method === 'GET'
        ? { status: 200, body: { data: { ...stored, workingWeek: mondays } } }
        : null,
    );
    const user = userEvent.setup({ delay: null });
    await openConfiguration();
    const week = screen.getByRole('region', { name: 'Tuần làm việc' });
    await user.click(within(week).getByRole('combobox', { name: 'Thứ Hai' }));
    await user.click(await screen.findByRole('option', { name: 'Nghỉ' }));
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await within(week).findByRole('alert');
    expect(within(week).getByRole('alert').textContent).to.equal(
      'Tuần làm việc cần ít nhất một ngày làm việc.',
    );
    expect(api.callsTo('PUT', CONFIGURATION_API_PATH)).to.have.length(0);
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });
});

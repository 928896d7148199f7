import { expect } from '@open-wc/testing';
import { screen, waitFor } from '@testing-library/react';
import { api as sessionApi } from '@hcm/session';
import { dismissAllToasts } from '@hcm/ui';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { accessibilityViolations } from '../../../../shared/ui/src/testing/axe.ts';
import { healthyIam, type FakeApi } from '../../../../shared/session/src/testing/fake-iam.ts';
import { prepareShell, renderShellAt, resetShell } from '../testing/shell-fixture.tsx';

const PAYSLIPS = '/api/pa/payslips';

// getBy*/findBy* queries throw when nothing matches: a bare query is an assertion.
describe('call failures and the loading line', () => {
  let api: FakeApi;

  beforeEach(async () => {
    api = healthyIam();
    await prepareShell(api);
  });
  afterEach(async () => {
    await dismissAllToasts();
    resetShell();
  });

  it('says nothing for a call made with ignoreError; a 409 is a Vietnamese warning by its code', async () => {
    api.on('GET', PAYSLIPS, () => ({ status: 403, body: { code: 'FORBIDDEN', message: 'Quiet' } }));
    api.on('GET', '/api/pa/periods', () => ({
      status: 409,
      body: { code: 'CONFLICT', message: 'The payroll period is closed' },
    }));
    renderShellAt('/login');
    await screen.findByLabelText('Tên đăng nhập');
    await sessionApi.get(PAYSLIPS, { ignoreError: true }).catch(() => null);
    // A later, told failure: once its toast is there, the ignored one would be too.
    await sessionApi.get('/api/pa/periods').catch(() => null);
    await screen.findByText('Dữ liệu đã được thay đổi hoặc đã tồn tại. Vui lòng tải lại rồi thử lại.');
    screen.getByText('Dữ liệu đã thay đổi');
    expect(screen.queryByText('The payroll period is closed')).to.equal(null);
    expect(screen.queryByText('Không có quyền truy cập')).to.equal(null);
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });

  it('shows the loading line for a slow flagged call, and removes it when the call ends', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    api.on('GET', PAYSLIPS, async () => {
      await answered;
      return { status: 200, body: { data: [] } };
    });
    renderShellAt('/login');
    await screen.findByLabelText('Tên đăng nhập');
    const call = sessionApi.get(PAYSLIPS, { loading: true });
    // Core §9: it appears after 1000 ms.
    const bar = await screen.findByRole('progressbar', { name: 'Đang tải' }, { timeout: 4000 });
    expect(['40', '80']).to.include(bar.getAttribute('aria-valuenow'));
    expect(bar.getAttribute('aria-valuemax')).to.equal('100');
    answer();
    await call;
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Đang tải' })).to.equal(null));
  });
});

import { expect } from '@open-wc/testing';
import { screen, waitFor } from '@testing-library/react';
import { api as sessionApi } from '@hcm/session';
import { dismissAllToasts } from '@hcm/ui';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
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

  it("shows a 403's server message in an error toast", async () => {
    api.on('GET', PAYSLIPS, () => ({
      status: 403,
      body: { code: 'FORBIDDEN', message: 'Bạn không có quyền xem phiếu lương của phòng Kế toán' },
    }));
    renderShellAt('/login');
    await screen.findByLabelText('Tên đăng nhập');
    const failure = await sessionApi.get(PAYSLIPS).catch((error: unknown) => error);
    expect(failure).to.have.property('status', 403);
    await screen.findByText('Bạn không có quyền xem phiếu lương của phòng Kế toán');
    screen.getByText('Không có quyền truy cập');
  });

  it('says nothing for a call made with ignoreError; a 409 is a warning with the server message', async () => {
    api.on('GET', PAYSLIPS, () => ({ status: 403, body: { code: 'FORBIDDEN', message: 'Im lặng' } }));
    api.on('GET', '/api/pa/periods', () => ({
      status: 409,
      body: { code: 'CONFLICT', message: 'Kỳ lương đã chốt' },
    }));
    renderShellAt('/login');
    await screen.findByLabelText('Tên đăng nhập');
    await sessionApi.get(PAYSLIPS, { ignoreError: true }).catch(() => null);
    // A later, told failure: once its toast is there, the ignored one would be too.
    await sessionApi.get('/api/pa/periods').catch(() => null);
    await screen.findByText('Kỳ lương đã chốt');
    screen.getByText('Dữ liệu đã thay đổi');
    expect(screen.queryByText('Im lặng')).to.equal(null);
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

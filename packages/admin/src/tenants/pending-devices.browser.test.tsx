import { expect } from '@open-wc/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DevicePaths, type PendingSerial } from '@hcm/contracts/attendance-devices';
import { tenantContract } from '@hcm/contracts/system';
import { clearSession } from '@hcm/session';
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

const serial = (serialNumber: string, requests: number): PendingSerial => ({
  serialNumber,
  firstSeenAt: '2026-12-01T01:02:03.000Z',
  lastSeenAt: '2026-12-07T23:30:00.000Z',
  sourceIp: '203.113.1.20',
  pushVersion: '2.4.1',
  requests,
});

let api: FakeResourceApi;
let waiting: PendingSerial[];
let tenantId: string;

/*
 * System › Tenants › Time clocks waiting: the serials that pushed and belong to no tenant, in
 * Vietnam's time, and one accepted into a tenant; a refusal says the server's reason.
 */
describe('the time clocks waiting for a tenant', () => {
  beforeEach(async () => {
    await prepareUi();
    await loadAppTexts(ADMIN_APP, 'admin');
    api = new FakeResourceApi([tenantContract]);
    const [tenant] = api.seed(tenantContract, 1, () => ({ code: 'CONG_TY_A', name: 'Công ty May A' }));
    tenantId = String(tenant?.id);
    waiting = [serial('CQZ7224460281', 42), serial('AEH8191200042', 3)];
    api.intercept((call) => {
      if (call.method === 'GET' && call.path === DevicePaths.pendingSerials)
        return {
          status: 200,
          body: { data: waiting, page: { pageIndex: 1, pageSize: 1000, total: waiting.length } },
        };
      if (call.method === 'POST' && call.path === DevicePaths.acceptSerial('AEH8191200042'))
        return {
          status: 409,
          body: { code: 'CONFLICT', message: 'Mã máy MCC_01 đã có ở đơn vị thuê bao này' },
        };
      if (call.method === 'POST' && call.path === DevicePaths.acceptSerial('CQZ7224460281')) {
        waiting = waiting.filter((row) => row.serialNumber !== 'CQZ7224460281');
        return { status: 200, body: { data: { deviceId: '0d9c8b7a-6f5e-4d3c-8b2a-19f8e7d6c5b4' } } };
      }
      return null;
    });
    await api.signInWith(['tenant.view']);
  });
  afterEach(async () => {
    await resetUi();
    clearSession();
  });

  it('lists them from the tenants, in Vietnam time, and accepts one into a tenant', async () => {
    const user = userEvent.setup();
    openPath('/system/tenant');
    renderUi(<AdminRouter />);
    await user.click(await screen.findByRole('button', { name: 'Máy chấm công chờ nhận' }));
    await screen.findByRole('heading', { level: 1, name: 'Máy chấm công chờ nhận' });
    const grid = await screen.findByRole('grid', { name: 'Máy chấm công chờ nhận' });
    await waitFor(() => expect(grid.textContent).to.contain('CQZ7224460281'));
    // 23:30 UTC on the 7th is 06:30 on the 8th in Vietnam
    expect(grid.textContent).to.contain('08/12/2026 06:30');
    expect(grid.textContent).to.contain('203.113.1.20');
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);

    const accept = screen.getByRole('button', { name: 'Nhận vào đơn vị' });
    expect(accept.hasAttribute('disabled') || accept.getAttribute('aria-disabled') === 'true').to.equal(true);
    await user.type(screen.getByRole('combobox', { name: /Số sê-ri/ }), 'aeh8191200042');
    await user.type(screen.getByRole('combobox', { name: /Đơn vị thuê bao/ }), 'May');
    await user.click(await screen.findByRole('option', { name: /Công ty May A/ }));
    await user.type(screen.getByRole('textbox', { name: /Mã máy/ }), 'MCC_01');
    await user.type(screen.getByRole('textbox', { name: /Tên máy/ }), 'Cổng xưởng may');
    await user.click(accept);
    // the server's reason, not a generic failure
    expect((await screen.findByRole('alert')).textContent).to.equal(
      'Mã máy MCC_01 đã có ở đơn vị thuê bao này',
    );

    const serialBox = screen.getByRole('combobox', { name: /Số sê-ri/ });
    await user.clear(serialBox);
    await user.type(serialBox, 'CQZ7224460281');
    await user.click(accept);
    await screen.findByText('Đã nhận máy CQZ7224460281 vào đơn vị thuê bao.');
    const sent = api.callsTo('POST', DevicePaths.acceptSerial('CQZ7224460281'))[0]?.body;
    expect(sent).to.deep.equal({ tenantId, code: 'MCC_01', name: 'Cổng xưởng may' });
    await waitFor(() => expect(grid.textContent).not.to.contain('CQZ7224460281'));
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });
});

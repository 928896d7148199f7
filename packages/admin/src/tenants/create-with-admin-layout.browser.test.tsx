import { expect } from '@open-wc/testing';
import { screen } from '@testing-library/react';
import { clearSession } from '@hcm/session';
import { tenantContract } from '@hcm/contracts/system';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { FakeResourceApi } from '../../../../shared/ui/src/testing/fake-resource-api.ts';
import { loadAppTexts, prepareUi, renderUi, resetUi } from '../../../../shared/ui/src/testing/ui-fixture.tsx';
import { AdminRouter } from '../AdminRouter.tsx';
import { ADMIN_APP } from '../admin-i18n.ts';
import { CREATE_WITH_ADMIN_PATH } from './tenant-route.ts';

describe('the create-with-administrator form’s layout', () => {
  beforeEach(async () => {
    await prepareUi();
    await loadAppTexts(ADMIN_APP, 'admin');
    const api = new FakeResourceApi([tenantContract]);
    api.intercept((call) =>
      call.path === '/api/system/service-packs'
        ? { status: 200, body: { data: [], page: { pageIndex: 1, pageSize: 100, total: 0 } } }
        : null,
    );
    await api.signInWith(['tenant.view', 'tenant.create']);
  });
  afterEach(async () => {
    await resetUi();
    clearSession();
  });

  it('keeps the tax code’s input in line with its row’s neighbours, its hint below it', async () => {
    window.history.pushState(null, '', CREATE_WITH_ADMIN_PATH);
    window.dispatchEvent(new PopStateEvent('popstate'));
    // Three fields a row (columns of at least 260 px): code, name, tax code.
    renderUi(
      <div style={{ width: 900 }}>
        <AdminRouter />
      </div>,
    );
    const code = (await screen.findByRole('textbox', { name: /^Mã\s*\*?$/ })).getBoundingClientRect();
    const name = screen.getByRole('textbox', { name: /^Tên\s*\*?$/ }).getBoundingClientRect();
    const taxCode = screen.getByRole('textbox', { name: /Mã số thuế/ }).getBoundingClientRect();
    expect(name.top, 'name beside code').to.be.closeTo(code.top, 1);
    expect(taxCode.top, 'tax code beside code').to.be.closeTo(code.top, 1);
    expect(taxCode.height).to.be.closeTo(code.height, 1);
    const hint = screen.getByText(tenantContract.fields.taxCode.hint?.vi ?? '').getBoundingClientRect();
    expect(hint.top).to.be.at.least(taxCode.bottom - 1);
  });
});

import { expect } from '@open-wc/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { organizationUnitContract } from '@hcm/contracts/organization';
import { clearSession } from '@hcm/session';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { accessibilityViolations } from '../../../../shared/ui/src/testing/axe.ts';
import { FakeResourceApi } from '../../../../shared/ui/src/testing/fake-resource-api.ts';
import { prepareUi, renderUi, resetUi } from '../../../../shared/ui/src/testing/ui-fixture.tsx';
import { addOrganizationDictionary } from '../testing.ts';
import OrganizationPages from './OrganizationPages.tsx';

const ROUTE = organizationUnitContract.route;
const ALL = ['view', 'create', 'update', 'delete', 'export', 'import'].map(
  (action) => `organization_unit.${action}`,
);
let api: FakeResourceApi;

describe('the organisation pages', () => {
  beforeEach(async () => {
    await prepareUi();
    await addOrganizationDictionary();
    api = new FakeResourceApi([organizationUnitContract]).intercept((call) =>
      call.path.endsWith('/find-all-tree') ? { status: 200, body: { data: [] } } : null,
    );
    await api.signInWith(ALL);
  });
  afterEach(async () => {
    await resetUi();
    clearSession();
  });

  it('switches between the chart and the generic list, and keeps the choice in the URL', async () => {
    window.history.pushState(null, '', ROUTE);
    renderUi(<OrganizationPages />);
    await screen.findByRole('heading', { level: 1, name: 'Sơ đồ tổ chức' });
    await screen.findByText('Chưa có đơn vị nào đang hoạt động.');
    await userEvent.click(screen.getByRole('button', { name: 'Danh sách' }));
    expect(new URLSearchParams(window.location.search).get('view')).to.equal('list');
    // the units' list, headed by the contract's title as the chart is
    await screen.findByRole('table', { name: 'Sơ đồ tổ chức' });
    expect(screen.getByRole('button', { name: 'Danh sách' }).getAttribute('aria-pressed')).to.equal('true');
    await waitFor(async () => expect(await accessibilityViolations(document.body)).to.deep.equal([]));
  });

  it('opens the create form with the parent given by ?parentId= chosen', async () => {
    const [parent] = api.seed(organizationUnitContract, 1, () => ({
      name: 'Công ty Minh An',
      typeCode: 'CONG_TY',
    }));
    window.history.pushState(null, '', `${ROUTE}/create?parentId=${parent?.id ?? ''}`);
    renderUi(<OrganizationPages />);
    await screen.findByRole('textbox', { name: /^Mã/ });
    const picker = await screen.findByRole('combobox', { name: /^Đơn vị cấp trên/ });
    await waitFor(() => expect((picker as HTMLInputElement).value).to.equal('Công ty Minh An'));
  });
});

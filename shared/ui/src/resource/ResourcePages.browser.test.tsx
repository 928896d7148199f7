import { expect } from '@open-wc/testing';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession } from '@hcm/session';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { FakeResourceApi } from '../testing/fake-resource-api.ts';
import { prepareUi, renderUi, resetUi } from '../testing/ui-fixture.tsx';
import { goTo, resourceRoutes } from './resource-routes.ts';
import { ResourcePages } from './ResourcePages.tsx';
import { contractTestContract as contract, jobTitleContract } from './test-contracts.ts';

const routes = resourceRoutes(contract);
let api: FakeResourceApi;

describe('ResourcePages', () => {
  beforeEach(async () => {
    await prepareUi();
    api = new FakeResourceApi([contract, jobTitleContract]);
    api.seed(contract, 2);
    await api.signInWith(['job_title.view', 'job_title.create', 'job_title.update']);
  });
  afterEach(async () => {
    await resetUi();
    clearSession();
  });

  it('draws the page of the browser’s path and follows it: list, detail, update, create', async () => {
    const user = userEvent.setup();
    act(() => goTo(routes.list));
    renderUi(<ResourcePages contract={contract} notFound={<p>Không có trang này</p>} />);
    await user.click(await screen.findByRole('link', { name: 'CODE_0001' }));
    const [first] = api.records(contract);
    expect(window.location.pathname).to.equal(routes.detail(first?.id ?? ''));
    await screen.findByRole('heading', { level: 1, name: /^Hợp đồng thử: / });

    await user.click(screen.getByRole('button', { name: 'Sửa' }));
    await screen.findByRole('heading', { level: 1, name: 'Cập nhật hợp đồng thử' });
    act(() => goTo(routes.create));
    await screen.findByRole('heading', { level: 1, name: 'Thêm mới hợp đồng thử' });
    act(() => goTo(`${routes.list}/x/y`));
    await screen.findByText('Không có trang này');
  });
});

import { expect } from '@open-wc/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession } from '@hcm/session';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { accessibilityViolations } from '../testing/axe.ts';
import { FakeResourceApi } from '../testing/fake-resource-api.ts';
import { currentQueryJson, prepareUi, renderUi, resetUi } from '../testing/ui-fixture.tsx';
import { ResourceListPage } from './ResourceListPage.tsx';
import { contractTestContract, jobTitleContract } from './test-contracts.ts';

// the test contract with its start date among the filters: a date filter is drawn as a range
const contract = { ...contractTestContract, filters: [...contractTestContract.filters, 'startDate'] };
let api: FakeResourceApi;

describe('a date filter', () => {
  beforeEach(async () => {
    await prepareUi();
    api = new FakeResourceApi([contract, jobTitleContract]);
    api.seed(contract, 3, (n) => ({ name: `Hợp đồng ${n}`, salary: '1000000', startDate: '2026-03-05' }));
    await api.signInWith(['job_title.view']);
  });
  afterEach(async () => {
    await resetUi();
    clearSession();
  });

  it('takes a range, keeps its bounds in the URL and sends them to the API as yyyy-MM-dd', async () => {
    const user = userEvent.setup();
    renderUi(<ResourceListPage contract={contract} />);
    await screen.findByRole('link', { name: 'CODE_0001' });
    await user.type(screen.getByRole('textbox', { name: 'Ngày bắt đầu từ ngày' }), '01/03/2026{Enter}');
    await user.type(screen.getByRole('textbox', { name: 'Ngày bắt đầu đến ngày' }), '31032026{Enter}');
    await waitFor(() =>
      expect(currentQueryJson()).to.deep.include({ startDateFrom: '2026-03-01', startDateTo: '2026-03-31' }),
    );
    await waitFor(() => expect(api.calls.at(-1)?.query.get('startDateTo')).to.equal('2026-03-31'));
    expect(api.calls.at(-1)?.query.get('startDateFrom')).to.equal('2026-03-01');
    expect(await accessibilityViolations(screen.getByRole('region', { name: 'Hợp đồng thử' }))).to.deep.equal(
      [],
    );
    // a cleared bound is dropped
    await user.clear(screen.getByRole('textbox', { name: 'Ngày bắt đầu từ ngày' }));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(currentQueryJson().startDateFrom).to.equal(undefined));
  });
});

describe('a list with many filters', () => {
  // seven filters: the first six are drawn, the date range waits behind "Thêm 1 bộ lọc"
  const many = {
    ...contractTestContract,
    filters: ['status', 'kind', 'remote', 'jobTitle', 'code', 'name', 'startDate'],
  };
  beforeEach(async () => {
    await prepareUi();
    api = new FakeResourceApi([many, jobTitleContract]);
    api.seed(many, 2, (n) => ({ name: `Hợp đồng ${n}`, salary: '1000000', startDate: '2026-03-05' }));
    await api.signInWith(['job_title.view']);
  });
  afterEach(async () => {
    await resetUi();
    clearSession();
  });

  it('folds the filters after the sixth behind a button, so the rows stay on the first screen', async () => {
    const user = userEvent.setup({ delay: null });
    renderUi(<ResourceListPage contract={many} />);
    await screen.findByRole('link', { name: 'CODE_0001' });
    expect(screen.queryByRole('textbox', { name: 'Ngày bắt đầu từ ngày' })).to.equal(null);
    const more = screen.getByRole('button', { name: 'Thêm 1 bộ lọc' });
    expect(more.getAttribute('aria-expanded')).to.equal('false');
    await user.click(more);
    await screen.findByRole('textbox', { name: 'Ngày bắt đầu từ ngày' });
    expect(screen.getByRole('button', { name: 'Ẩn bớt bộ lọc' }).getAttribute('aria-expanded')).to.equal(
      'true',
    );
    expect(await accessibilityViolations(screen.getByRole('region', { name: 'Hợp đồng thử' }))).to.deep.equal(
      [],
    );
  });

  it('shows a folded filter that the link already set (a dashboard card)', async () => {
    const q = encodeURIComponent(JSON.stringify({ startDateFrom: '2026-03-01' }));
    window.history.replaceState(null, '', `${window.location.pathname}?q=${q}`);
    renderUi(<ResourceListPage contract={many} />);
    const from = await screen.findByRole('textbox', { name: 'Ngày bắt đầu từ ngày' });
    expect((from as HTMLInputElement).value).to.equal('01/03/2026');
  });
});

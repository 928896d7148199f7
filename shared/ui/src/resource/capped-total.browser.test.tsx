import { expect } from '@open-wc/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Paging } from '@hcm/contracts';
import { setLanguage } from '@hcm/i18n';
import { clearSession } from '@hcm/session';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { accessibilityViolations } from '../testing/axe.ts';
import { FakeResourceApi } from '../testing/fake-resource-api.ts';
import { prepareUi, renderUi, resetUi } from '../testing/ui-fixture.tsx';
import { ResourceListPage } from './ResourceListPage.tsx';
import { contractTestContract as contract } from './test-contracts.ts';

/** Half a page of 100 past the server's count cap: the total it answers is capped. */
const ROWS = Paging.totalCap + 50;

describe('ResourceListPage: a list longer than the server counts', () => {
  let api: FakeResourceApi;
  const pagination = () => screen.getByRole('navigation', { name: 'Phân trang' });

  beforeEach(async () => {
    await prepareUi();
    api = new FakeResourceApi([contract]);
    api.seed(contract, ROWS);
    await api.signInWith(['job_title.view']);
  });
  afterEach(async () => {
    await resetUi();
    clearSession();
  });

  it('says more than 10,000 instead of a number it does not know, and pages on with next and previous', async () => {
    renderUi(<ResourceListPage contract={contract} />);
    await screen.findByText('1–25 trong hơn 10.000');
    within(pagination()).getByText('Trang 1');
    expect(within(pagination()).queryByRole('button', { name: 'Trang cuối' })).to.equal(null);
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);

    const user = userEvent.setup();
    await user.click(within(pagination()).getByRole('button', { name: 'Trang sau' }));
    await screen.findByText('26–50 trong hơn 10.000');
    within(pagination()).getByText('Trang 2');
    // the next page was read after the first one's end (keyset), not by skipping 25 rows
    const second = api.callsTo('GET', contract.apiPath).at(-1)?.query;
    expect(second?.get('cursor')).to.be.a('string');
    expect(second?.get('pageIndex')).to.equal('2');
    await user.click(within(pagination()).getByRole('button', { name: 'Trang trước' }));
    await screen.findByText('1–25 trong hơn 10.000');
  });

  it('says it in English too', async () => {
    await setLanguage('en');
    renderUi(<ResourceListPage contract={contract} />);
    await screen.findByText('1–25 of more than 10,000');
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });
});

import { expect } from '@open-wc/testing';
import { screen, waitFor } from '@testing-library/react';
import { ADMIN_APP as ADMIN_APP_DECLARATION, UserLevels } from '@hcm/contracts';
import { notificationEventContract } from '@hcm/contracts/notification-events';
import { positionCoefficientContract } from '@hcm/contracts/position-coefficients';
import { contractShape, oneOfEachShape, type AnyResourceContract } from '@hcm/contracts/resource';
import { systemContracts } from '@hcm/contracts/system';
import { clearSession } from '@hcm/session';
import { afterEach, beforeEach, describe, it } from '../../../scripts/wtr/mocha.ts';
import { accessibilityViolations } from '../../../shared/ui/src/testing/axe.ts';
import { FakeResourceApi } from '../../../shared/ui/src/testing/fake-resource-api.ts';
import {
  appMenuEntries,
  shellMenuLabel,
  signInAdministrator,
} from '../../../shared/ui/src/testing/menu-walk.ts';
import {
  loadAppTexts,
  openPath,
  prepareUi,
  renderUi,
  resetUi,
} from '../../../shared/ui/src/testing/ui-fixture.tsx';
import { AdminRouter } from './AdminRouter.tsx';
import { ADMIN_APP } from './admin-i18n.ts';
import { DRAWN_CONTRACTS } from './drawn-contracts.ts';
import { ownPageAnswers } from './testing/own-page-answers.ts';

/**
 * Every menu entry the admin app draws, opened as the tenant administrator and as root open it
 * (every permission of their level): its heading says the menu's words, and axe finds no WCAG
 * violation on the first page of each contract shape (pages of one shape are one template with
 * other words) and on every page of its own; then the create form of each shape. The first part
 * was the walk of e2e/admin-pages.e2e.test.ts; the built portal there still checks each level's
 * menu and opens one entry of each app.
 */
const CONTRACTS: readonly AnyResourceContract[] = [
  ...DRAWN_CONTRACTS,
  ...systemContracts,
  notificationEventContract,
  positionCoefficientContract,
];

/** The generic pages' contract of a route; none for a page of its own. */
const drawnContractOf = (route: string) => DRAWN_CONTRACTS.find((contract) => contract.route === route);

let api: FakeResourceApi;
let settled: () => boolean;

for (const level of UserLevels) {
  const entries = appMenuEntries(ADMIN_APP_DECLARATION, level);
  describe(`the admin app's menu entries as the ${level} administrator`, () => {
    beforeEach(async () => {
      await prepareUi();
      await loadAppTexts(ADMIN_APP, 'admin');
      api = new FakeResourceApi(CONTRACTS);
      // two records each, so that axe reads lists with rows, as on the e2e portal's seeded data
      for (const contract of CONTRACTS) api.seed(contract, 2);
      api.intercept(ownPageAnswers(level));
      settled = await signInAdministrator(api, level);
    });
    afterEach(async () => {
      await resetUi();
      clearSession();
    });

    it('are there: the level sees pages of this app', () => {
      expect(entries).to.have.length.greaterThan(0);
    });

    const judged = new Set<string>();
    for (const entry of entries) {
      const contract = drawnContractOf(entry.path);
      const template = contract ? contractShape(contract) : entry.path;
      const judge = !judged.has(template);
      judged.add(template);
      it(`${entry.path}: its heading is the menu's label${judge ? ', no accessibility violation' : ''}`, async () => {
        const label = await shellMenuLabel(entry);
        openPath(entry.path);
        renderUi(<AdminRouter />);
        await screen.findByRole('heading', { level: 1, name: label });
        await waitFor(() => expect(settled(), 'the page has settled').to.equal(true));
        if (judge) expect(await accessibilityViolations(document.body)).to.deep.equal([]);
      });
    }
  });
}

describe('the create form of each shape the admin app draws with the generic pages', () => {
  afterEach(async () => {
    await resetUi();
    clearSession();
  });

  for (const contract of oneOfEachShape(DRAWN_CONTRACTS, (c) => c)) {
    // A list shared by every tenant (level both) is changed by system users only.
    const level = contract.level === 'both' ? 'SYSTEM' : 'TENANT';
    it(`${contract.route}/create: no accessibility violation`, async () => {
      await prepareUi();
      await loadAppTexts(ADMIN_APP, 'admin');
      api = new FakeResourceApi(CONTRACTS);
      settled = await signInAdministrator(api, level);
      openPath(`${contract.route}/create`);
      renderUi(<AdminRouter />);
      await screen.findByRole('heading', {
        level: 1,
        name: `Thêm mới ${contract.singular.vi.toLocaleLowerCase('vi')}`,
      });
      await screen.findByRole('button', { name: 'Lưu' });
      await waitFor(() => expect(settled(), 'the page has settled').to.equal(true));
      expect(await accessibilityViolations(document.body)).to.deep.equal([]);
    });
  }
});

import { expect } from '@open-wc/testing';
import { screen, waitFor } from '@testing-library/react';
import { ORGANIZATION_APP } from '@hcm/contracts';
import { laborContractContract } from '@hcm/contracts/labor-contracts';
import { organizationUnitContract } from '@hcm/contracts/organization';
import { PERSONNEL_CHANGE_CONTRACTS } from '@hcm/contracts/personnel-changes';
import { contractShape, type AnyResourceContract } from '@hcm/contracts/resource';
import { CONTACTS_PATH, workerContract, type ContactCard } from '@hcm/contracts/workers';
import { clearSession } from '@hcm/session';
import { WIDGETS_APP } from '@hcm/widgets';
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
import { generatedUnits } from './chart/test-units.ts';
import { OrganizationRouter } from './OrganizationRouter.tsx';
import { addOrganizationDictionary } from './testing.ts';

/**
 * Every menu entry the organisation app draws, opened as the tenant administrator opens it
 * (every permission of the level): its heading says the menu's words, and axe finds no WCAG
 * violation on the first page of each contract shape and on the chart and the contacts. This
 * was the walk of e2e/admin-pages.e2e.test.ts; the built portal there still checks the menu
 * and opens one entry of each app.
 */
const CONTRACTS: readonly AnyResourceContract[] = [
  workerContract,
  laborContractContract,
  ...PERSONNEL_CHANGE_CONTRACTS,
  organizationUnitContract,
];

/** The generic pages' contract a route's first page is; the chart and the contacts are pages of their own. */
const listContractOf = (route: string) =>
  [workerContract, laborContractContract, ...PERSONNEL_CHANGE_CONTRACTS].find(
    (contract) => contract.route === route,
  );

const COLLEAGUE: ContactCard = {
  id: 'w1',
  code: 'NV001',
  fullName: 'Nguyễn Văn An',
  gender: 'MALE',
  avatarId: null,
  organizationUnitId: 'u0',
  organizationUnitName: 'Phòng Nhân sự',
  jobPositionName: 'Trưởng phòng',
  jobTitleName: null,
  phone: '0900000001',
  email: 'an@minhan.vn',
};

let api: FakeResourceApi;
let settled: () => boolean;
const entries = appMenuEntries(ORGANIZATION_APP, 'TENANT');

describe("the organisation app's menu entries as the tenant administrator", () => {
  beforeEach(async () => {
    await prepareUi();
    await addOrganizationDictionary();
    // the approval widgets' words (a decision's row menu), which the shell's portal serves
    await loadAppTexts(WIDGETS_APP, 'widgets');
    api = new FakeResourceApi(CONTRACTS);
    // two records each, so that axe reads lists with rows, as on the e2e portal's seeded data
    for (const contract of CONTRACTS) api.seed(contract, 2);
    api.intercept((call) => {
      if (call.method !== 'GET') return null;
      if (call.path === `${organizationUnitContract.apiPath}/find-all-tree`)
        return { status: 200, body: { data: generatedUnits(7) } };
      if (call.path === CONTACTS_PATH)
        return { status: 200, body: { data: [COLLEAGUE], page: { pageIndex: 1, pageSize: 24, total: 1 } } };
      return null;
    });
    settled = await signInAdministrator(api, 'TENANT');
  });
  afterEach(async () => {
    await resetUi();
    clearSession();
  });

  it('are there: the tenant administrator sees pages of this app', () => {
    expect(entries).to.have.length.greaterThan(0);
  });

  const judged = new Set<string>();
  for (const entry of entries) {
    const contract = listContractOf(entry.path);
    const template = contract ? contractShape(contract) : entry.path;
    const judge = !judged.has(template);
    judged.add(template);
    it(`${entry.path}: its heading is the menu's label${judge ? ', no accessibility violation' : ''}`, async () => {
      const label = await shellMenuLabel(entry);
      openPath(entry.path);
      renderUi(<OrganizationRouter />);
      await screen.findByRole('heading', { level: 1, name: label });
      await waitFor(() => expect(settled(), 'the page has settled').to.equal(true));
      if (judge) expect(await accessibilityViolations(document.body)).to.deep.equal([]);
    });
  }
});

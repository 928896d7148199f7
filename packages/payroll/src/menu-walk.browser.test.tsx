import { expect } from '@open-wc/testing';
import { screen, waitFor } from '@testing-library/react';
import { NAVIGATION_ERROR_EVENT, PAYROLL_APP } from '@hcm/contracts';
import { contractShape } from '@hcm/contracts/resource';
import { clearSession } from '@hcm/session';
import { afterEach, beforeEach, describe, it } from '../../../scripts/wtr/mocha.ts';
import { accessibilityViolations } from '../../../shared/ui/src/testing/axe.ts';
import type { FakeResourceApi } from '../../../shared/ui/src/testing/fake-resource-api.ts';
import {
  appMenuEntries,
  shellMenuLabel,
  signInAdministrator,
} from '../../../shared/ui/src/testing/menu-walk.ts';
import { openPath, prepareUi, renderUi, resetUi } from '../../../shared/ui/src/testing/ui-fixture.tsx';
import { PAYROLL_RESOURCES } from './resources.ts';
import { addPayrollDictionary } from './testing.ts';
import { fakePayrollApi } from './testing/fake-payroll-api.ts';
import { PayrollRouter } from './PayrollRouter.tsx';

const CONTRACTS = PAYROLL_RESOURCES.map(({ contract }) => contract);
const contractOf = (route: string) => CONTRACTS.find((contract) => contract.route === route);

let api: FakeResourceApi;
let settled: () => boolean;
const entries = appMenuEntries(PAYROLL_APP, 'TENANT');

/** Collects the not-found reports the app sends the shell while `run` runs. */
async function reportsDuring(run: (reported: unknown[]) => Promise<void>): Promise<void> {
  const reported: unknown[] = [];
  const onError = (event: Event) => reported.push((event as CustomEvent).detail);
  window.addEventListener(NAVIGATION_ERROR_EVENT, onError);
  try {
    await run(reported);
  } finally {
    window.removeEventListener(NAVIGATION_ERROR_EVENT, onError);
  }
}

/**
 * Every menu entry the payroll app draws, opened as the tenant administrator opens it (every
 * permission of the level): its heading says the menu's words, and axe finds no WCAG violation
 * on the first page of each contract shape and on each hand-made page. A record or page added to
 * the app is walked here with no new test code.
 */
describe("the payroll app's menu entries as the tenant administrator", () => {
  beforeEach(async () => {
    await prepareUi();
    await addPayrollDictionary();
    ({ api } = fakePayrollApi());
    settled = await signInAdministrator(api, 'TENANT');
  });
  afterEach(async () => {
    await resetUi();
    clearSession();
  });

  it('are exactly the routes the app declares', () => {
    expect(entries.map((entry) => entry.path)).to.have.members([...PAYROLL_APP.routes]);
  });

  const judged = new Set<string>();
  for (const entry of entries) {
    const contract = contractOf(entry.path);
    const template = contract ? contractShape(contract) : entry.path;
    const judge = !judged.has(template);
    judged.add(template);
    it(`${entry.path}: its heading is the menu's label${judge ? ', no accessibility violation' : ''}`, async () => {
      const label = await shellMenuLabel(entry);
      openPath(entry.path);
      renderUi(<PayrollRouter />);
      await screen.findByRole('heading', { level: 1, name: label });
      await waitFor(() => expect(settled(), 'the page has settled').to.equal(true));
      if (judge) expect(await accessibilityViolations(document.body)).to.deep.equal([]);
    });
  }

  for (const route of PAYROLL_APP.routes)
    it(`${route}: a path below it that is no page is reported as not found`, async () => {
      await reportsDuring(async (reported) => {
        openPath(`${route}/no-such-page/at-all`);
        renderUi(<PayrollRouter />);
        await waitFor(() => expect(reported).to.deep.equal([{ status: 404 }]));
      });
    });

  it('draws nothing and reports nothing outside its routes (single-spa is unmounting it)', async () => {
    await reportsDuring(async (reported) => {
      openPath('/dashboard');
      const { container } = renderUi(<PayrollRouter />);
      await waitFor(() => expect(settled()).to.equal(true));
      expect(container.textContent).to.equal('');
      expect(reported).to.deep.equal([]);
    });
  });
});

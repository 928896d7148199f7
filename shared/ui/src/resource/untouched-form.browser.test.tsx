import { expect } from '@open-wc/testing';
import { screen, waitFor } from '@testing-library/react';
import { laborContractContract } from '@hcm/contracts/labor-contracts';
import { workerContract } from '@hcm/contracts/workers';
import type { AnyResourceContract } from '@hcm/contracts/resource';
import { clearSession } from '@hcm/session';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { FakeResourceApi } from '../testing/fake-resource-api.ts';
import { prepareUi, renderUi, resetUi } from '../testing/ui-fixture.tsx';
import { ResourceForm } from './ResourceForm.tsx';
import { BEFORE_ROUTING_EVENT } from './unsaved-changes.ts';

/** single-spa's event before a route change; resolves whether the form canceled it. */
function routeAway(to: string): Promise<boolean> {
  let decision: Promise<boolean> = Promise.resolve(false);
  window.dispatchEvent(
    new CustomEvent(BEFORE_ROUTING_EVENT, {
      detail: {
        oldUrl: window.location.href,
        newUrl: new URL(to, window.location.href).href,
        cancelNavigation: (cancel: boolean | Promise<boolean> = true) => {
          decision = Promise.resolve(cancel);
        },
      },
    }),
  );
  return decision;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Issue 27 "an untouched create form warns of unsaved changes": the real long forms (an employee,
 * a labour contract), opened and left without a keystroke, let the user go without a question.
 */
describe('an untouched create form', () => {
  let api: FakeResourceApi;
  beforeEach(async () => {
    await prepareUi();
    api = new FakeResourceApi([workerContract, laborContractContract]);
  });
  afterEach(async () => {
    await resetUi();
    clearSession();
  });

  for (const contract of [workerContract, laborContractContract] as AnyResourceContract[])
    it(`of ${contract.title.en} lets the user leave without a warning`, async () => {
      await api.signInWith([`${contract.permission}.view`, `${contract.permission}.create`]);
      renderUi(<ResourceForm contract={contract} mode="create" navigate={() => undefined} />);
      await screen.findByRole('form');
      // inputs that settle after mounting (look-ups, pickers) have had their turn
      await wait(300);
      expect(await routeAway('/dashboard')).to.equal(false);
      const unload = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(unload);
      expect(unload.defaultPrevented).to.equal(false);
      expect(screen.queryByRole('alertdialog')).to.equal(null);
    });

  it('started from a link that names the employee shows him, and still asks nothing on leaving', async () => {
    api.seed(workerContract, 1, () => ({ fullName: 'Trần Thị Sớm' }));
    const worker = api.records(workerContract)[0];
    const before = window.location.href;
    window.history.replaceState(null, '', `${window.location.pathname}?workerId=${String(worker?.id)}`);
    try {
      await api.signInWith(['contract.view', 'contract.create', 'worker.view']);
      renderUi(<ResourceForm contract={laborContractContract} mode="create" navigate={() => undefined} />);
      const employee = await screen.findByRole('combobox', { name: /Nhân viên/ });
      await waitFor(() => expect((employee as HTMLInputElement).value).to.contain('Trần Thị Sớm'));
      expect(await routeAway('/dashboard')).to.equal(false);
    } finally {
      window.history.replaceState(null, '', before);
    }
  });
});

import { expect } from '@open-wc/testing';
import { act, screen, waitFor } from '@testing-library/react';
import { MODULE_OUTLET_ID, MODULE_OUTLET_READY_EVENT } from '@hcm/contracts';
import { religionContract } from '@hcm/contracts/categories';
import { clearSession } from '@hcm/session';
import { afterEach, beforeEach, describe, it } from '../../../scripts/wtr/mocha.ts';
import { FakeResourceApi } from '../../../shared/ui/src/testing/fake-resource-api.ts';
import { prepareUi, renderUi, resetUi, sleep } from '../../../shared/ui/src/testing/ui-fixture.tsx';
import { adminApp } from './lifecycles.tsx';

const { Root: AdminRoot, outlet } = adminApp;
const enterOutlet = outlet.enter;

let api: FakeResourceApi;
let leave: () => void = () => undefined;

describe('the admin app in the shell’s outlet', () => {
  beforeEach(async () => {
    await prepareUi();
    api = new FakeResourceApi([religionContract]);
    api.seed(religionContract, 2);
    await api.signInWith(['religion.view']);
    window.history.replaceState(null, '', religionContract.route);
  });
  afterEach(async () => {
    leave();
    document.getElementById(MODULE_OUTLET_ID)?.remove();
    await resetUi();
    clearSession();
  });

  it('draws and asks nothing until the shell frames the page, then moves in and draws it', async () => {
    leave = enterOutlet();
    renderUi(<AdminRoot />);
    await sleep(200);
    // the shell is redirecting (no authority, signed out): no page, no call, no second warning
    expect(api.callsTo('GET', religionContract.apiPath)).to.have.length(0);
    expect(screen.queryByRole('heading', { level: 1 })).to.equal(null);

    const outlet = document.createElement('div');
    outlet.id = MODULE_OUTLET_ID;
    document.body.append(outlet);
    act(() => {
      window.dispatchEvent(new CustomEvent(MODULE_OUTLET_READY_EVENT, { detail: { outlet } }));
    });
    await screen.findByRole('heading', { level: 1, name: 'Tôn giáo' });
    expect(outlet.querySelector('#hcm-admin')).to.not.equal(null);
    await waitFor(() => expect(api.callsTo('GET', religionContract.apiPath)).to.have.length(1));
  });

  it('says nothing about a path outside its routes: single-spa is about to unmount it', async () => {
    const reported: unknown[] = [];
    const onError = (event: Event) => reported.push((event as CustomEvent).detail);
    window.addEventListener('hcm:navigation-error', onError);
    try {
      const outlet = document.createElement('div');
      outlet.id = MODULE_OUTLET_ID;
      document.body.append(outlet);
      leave = enterOutlet();
      // the shell has just replaced a page the user may not open with the dashboard
      window.history.replaceState(null, '', '/dashboard');
      renderUi(<AdminRoot />);
      await sleep(200);
      expect(reported).to.deep.equal([]);
    } finally {
      window.removeEventListener('hcm:navigation-error', onError);
    }
  });
});

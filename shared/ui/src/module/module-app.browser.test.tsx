import { useEffect } from 'react';
import { expect } from '@open-wc/testing';
import { act, screen } from '@testing-library/react';
import type { LifeCycleFn } from 'single-spa';
import { MODULE_OUTLET_ID, MODULE_OUTLET_READY_EVENT } from '@hcm/contracts';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { prepareUi, resetUi } from '../testing/ui-fixture.tsx';
import { moduleApp, type ModuleRootProps } from './module-app.tsx';

/** Each time the router is drawn (the element may be detached, out of screen's reach). */
const drawn: number[] = [];
function Router() {
  useEffect(() => {
    drawn.push(drawn.length + 1);
  }, []);
  return <h1>Trang của ứng dụng thử</h1>;
}

const app = moduleApp({ name: 'kittest', Router });
// what single-spa hands each lifecycle (single-spa-react reads the name)
const props = { name: '@hcm/kittest' } as unknown as ModuleRootProps;
// not inside act(): single-spa-react's mount resolves from an effect of what it renders
const run = async (steps: readonly LifeCycleFn<ModuleRootProps>[]) => {
  for (const step of steps) await step(props as Parameters<typeof step>[0]);
};
const addOutlet = () => {
  const outlet = document.createElement('div');
  outlet.id = MODULE_OUTLET_ID;
  document.body.append(outlet);
  return outlet;
};

describe('moduleApp: a module micro-app around its router', () => {
  beforeEach(async () => {
    await prepareUi();
    drawn.length = 0;
  });
  afterEach(async () => {
    document.getElementById(MODULE_OUTLET_ID)?.remove();
    await resetUi();
  });

  it('mounts without waiting for the shell, draws once the outlet is announced, and leaves on unmount', async () => {
    await run(app.bootstrap);
    await run(app.mount);
    // no workspace yet (signing in, or the shell is redirecting): mounted, nothing drawn
    expect(app.outlet.placement.isPlaced()).to.equal(false);
    expect(drawn).to.deep.equal([]);
    expect(screen.queryByRole('heading', { level: 1 })).to.equal(null);

    const outlet = addOutlet();
    act(() => {
      window.dispatchEvent(new CustomEvent(MODULE_OUTLET_READY_EVENT, { detail: { outlet } }));
    });
    await screen.findByRole('heading', { level: 1, name: 'Trang của ứng dụng thử' });
    expect(outlet.querySelector('#hcm-kittest')).to.not.equal(null);

    await run(app.unmount);
    expect(document.getElementById('hcm-kittest')).to.equal(null);
    expect(screen.queryByRole('heading', { level: 1 })).to.equal(null);
  });

  it('moves straight into an outlet that is already drawn', async () => {
    const outlet = addOutlet();
    await run(app.mount);
    await screen.findByRole('heading', { level: 1, name: 'Trang của ứng dụng thử' });
    expect(outlet.querySelector('#hcm-kittest')).to.not.equal(null);
    await run(app.unmount);
    expect(outlet.childElementCount).to.equal(0);
  });
});

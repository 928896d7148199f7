import { describe, it } from 'vitest';
import { waitForQuiet } from './support/quiet.ts';
import { pagePerTest } from './support/browser.ts';
import { e2eAccounts } from './support/portal-process.ts';
import { signIn } from './support/portal-page.ts';
import type { Page } from 'playwright-core';
import { portalsFor } from './support/engines.ts';

/**
 * The toast's code is fetched once the page is idle (NetworkStatusToasts); on a loaded machine
 * that can come after "networkidle", and a toast whose code is not yet here cannot show offline.
 * The test does what the idle callback does, so it goes offline only once the code is in.
 */
async function toasterLoaded(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const system = (
      window as unknown as { System: { import(name: string): Promise<{ preloadToaster(): Promise<void> }> } }
    ).System;
    await (await system.import('@hcm/ui')).preloadToaster();
  });
}

const portals = portalsFor();

/** Core §1: the network going away and coming back is announced by toasts. */
describe.each(portals)('network status toasts on $engine', ({ baseUrl }) => {
  const tab = pagePerTest(baseUrl);

  it('tells the signed-in user when the network is lost and when it is back', async () => {
    const { page } = tab;
    await signIn(page, e2eAccounts.hrAdmin);
    // A page that has finished loading, as the user's would be when the network drops.
    await waitForQuiet(page);
    await toasterLoaded(page);
    await page.context().setOffline(true);
    await page.locator('.fui-Toast', { hasText: 'Mất kết nối mạng' }).waitFor();
    await page.context().setOffline(false);
    await page.locator('.fui-Toast', { hasText: 'Đã kết nối mạng trở lại.' }).waitFor();
  });

  it('tells a visitor on the sign-in page as well', async () => {
    const { page } = tab;
    await page.goto('/login');
    await page.getByRole('button', { name: 'Đăng nhập' }).waitFor();
    await waitForQuiet(page);
    await toasterLoaded(page);
    await page.context().setOffline(true);
    await page.locator('.fui-Toast', { hasText: 'Mất kết nối mạng' }).waitFor();
    await page.context().setOffline(false);
    await page.locator('.fui-Toast', { hasText: 'Đã kết nối mạng trở lại.' }).waitFor();
  });
});

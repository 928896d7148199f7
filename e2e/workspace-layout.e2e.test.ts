import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { accessibilityViolations } from './support/axe.ts';
import { pagePerTest } from './support/browser.ts';
import { e2eAccounts } from './support/portal-process.ts';
import { signIn } from './support/portal-page.ts';
import { portalsFor } from './support/engines.ts';

const portals = portalsFor();

/** Finds "Chức danh" by typing it without its marks, as people do on a phone, and opens it. */
async function searchAndOpenJobTitles(page: Page): Promise<void> {
  const menu = page.getByRole('navigation', { name: 'Menu chính' });
  await menu.getByRole('searchbox', { name: 'Tìm trong menu' }).fill('chuc danh');
  await menu.getByRole('link', { name: 'Chức danh', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/setting/job-titles');
  await page.getByRole('heading', { level: 1, name: 'Chức danh' }).waitFor();
  expect(await page.title()).toBe('Chức danh · HCM');
}

// The layout and the menu search on the built portal, at the sizes HR staff use: a desktop
// browser and a phone. PGlite only: the layout does not depend on the engine.
describe.each(portals)('the workspace at desktop and phone sizes on $engine', ({ baseUrl }) => {
  const tab = pagePerTest(baseUrl);

  it('on a desktop, keeps the top bar and the menu in place while the page scrolls, and finds a page from the menu search', async () => {
    const { page } = tab;
    await page.setViewportSize({ width: 1440, height: 420 });
    await signIn(page, e2eAccounts.hrAdmin);
    const topBar = page.getByRole('banner');
    const search = page.getByRole('searchbox', { name: 'Tìm trong menu' });
    await search.waitFor();
    const before = { bar: await topBar.boundingBox(), search: await search.boundingBox() };
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    // Where they were, to the pixel (sticky positions may round differently by a fraction).
    const after = { bar: await topBar.boundingBox(), search: await search.boundingBox() };
    expect(after.bar?.y).toBeCloseTo(before.bar?.y ?? Number.NaN, 0);
    expect(after.search?.y).toBeCloseTo(before.search?.y ?? Number.NaN, 0);
    await searchAndOpenJobTitles(page);
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it('on a phone, opens the menu as a drawer, finds a page from its search and closes on the way', async () => {
    const { page } = tab;
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, e2eAccounts.hrAdmin);
    expect(await page.getByRole('navigation', { name: 'Menu chính' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Mở menu' }).click();
    await searchAndOpenJobTitles(page);
    await page.getByRole('navigation', { name: 'Menu chính' }).waitFor({ state: 'detached' });
    // Nothing wider than the phone: the list scrolls inside itself, not the page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});

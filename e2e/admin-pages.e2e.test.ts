import {
  DASHBOARD_MENU_ENTRY,
  MY_NOTIFICATIONS_MENU_ENTRY,
  MENU,
  MICRO_APPS,
  installedRoutes,
  menuEntries as menuEntries_,
  menuOfInstalledApps,
  servesPath,
  type UserLevel,
} from '../shared/contracts/src/index.ts';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { waitForQuiet } from './support/quiet.ts';
import { accessibilityViolations } from './support/axe.ts';
import { pagePerTest } from './support/browser.ts';
import { e2eAccounts } from './support/portal-process.ts';
import { signIn } from './support/portal-page.ts';
import { portalsFor } from './support/engines.ts';

/** The menu paths a user of `level` holding all its permissions should see, from the declarations. */
function expectedPaths(level: UserLevel): string[] {
  const served = installedRoutes(new Set(MICRO_APPS.map((app) => app.name)));
  // the shell draws the dashboard and each user's inbox itself
  const shellPaths = [DASHBOARD_MENU_ENTRY.path, MY_NOTIFICATIONS_MENU_ENTRY.path];
  return menuEntries_(menuOfInstalledApps(MENU, served, shellPaths))
    .map((place) => place.entry)
    .filter((entry) => entry.levels.includes(level))
    .map((entry) => entry.path)
    .sort();
}

async function openAllGroups(menu: Locator): Promise<void> {
  const closed = menu.locator('button[aria-expanded="false"]');
  while ((await closed.count()) > 0) await closed.first().click();
}

/** Every entry of the menu the signed-in user sees: its name and where it leads. */
async function menuEntries(page: Page): Promise<{ name: string; path: string }[]> {
  const menu = page.getByRole('navigation', { name: 'Menu chính' });
  await menu.waitFor();
  await openAllGroups(menu);
  const links = menu.getByRole('link');
  const entries: { name: string; path: string }[] = [];
  for (const link of await links.all())
    entries.push({ name: (await link.innerText()).trim(), path: (await link.getAttribute('href')) ?? '' });
  return entries;
}

/** Opens an entry by its link, as a person does, and waits for the page's heading. */
async function openEntry(page: Page, entry: { name: string; path: string }): Promise<string> {
  const menu = page.getByRole('navigation', { name: 'Menu chính' });
  await openAllGroups(menu);
  await menu.getByRole('link', { name: entry.name, exact: true }).click();
  await page.waitForURL((url) => url.pathname === entry.path);
  const heading = page.getByRole('heading', { level: 1 });
  await heading.first().waitFor();
  // the list's first answer, so that axe sees the page as a person does
  await waitForQuiet(page);
  return (await heading.first().innerText()).trim();
}

/**
 * The tenant administrator's menu and root's, on the shared portal (support/engines.ts). Each
 * page behind the menu, its heading and axe's judgement, is the browser tests' walk
 * (packages/admin/src/menu-walk.browser.test.tsx, packages/organization/src/menu-walk.browser.test.tsx);
 * here, what needs the built portal: the menu each level gets from the server's permissions and
 * the installed apps, and that each micro-app loads through the import map and draws its page.
 * The route probes of the server's suite open every route on both engines.
 */
const walks = [
  ...portalsFor().map((portal) => ({
    ...portal,
    who: 'the tenant administrator',
    account: e2eAccounts.hrAdmin,
    level: 'TENANT' as UserLevel,
  })),
  ...portalsFor().map((portal) => ({
    ...portal,
    who: 'root',
    account: e2eAccounts.root,
    level: 'SYSTEM' as UserLevel,
  })),
];

/** The micro-apps that draw a page of the level's menu: the tenant administrator's are all of them. */
const appsOf = (level: UserLevel) =>
  MICRO_APPS.filter((app) => expectedPaths(level).some((path) => servesPath(app.routes, path)));

describe.each(walks)('the menu of $who on $engine', (walk) => {
  const tab = pagePerTest(walk.baseUrl);

  it('holds exactly their pages, and the first of each micro-app opens with its heading and no accessibility violation', async () => {
    const { page } = tab;
    const { account, level } = walk;
    if (level === 'TENANT') expect(appsOf(level)).toEqual(MICRO_APPS);
    await signIn(page, account);
    const entries = await menuEntries(page);
    // The dashboard and every page the installed apps serve at the user's level (both hold
    // every permission of their level): nothing missing, nothing more.
    expect(entries.map((entry) => entry.path).sort(), JSON.stringify(entries)).toEqual(expectedPaths(level));
    // Every app's page is looked at before the test says what is wrong, so one run names every problem.
    const problems: string[] = [];
    for (const app of appsOf(level)) {
      const entry = entries.find((candidate) => servesPath(app.routes, candidate.path));
      if (!entry) throw new Error(`no entry of ${app.name} in the menu`);
      // a dead end (the module not installed or not loaded, not found) has a heading of its own
      const heading = await openEntry(page, entry);
      if (heading !== entry.name)
        problems.push(`${entry.path}: heading “${heading}”, expected “${entry.name}”`);
      for (const violation of await accessibilityViolations(page))
        problems.push(`${entry.path}: ${violation}`);
    }
    expect(problems).toEqual([]);
  });
});

describe.each(portalsFor())('a job title through the built portal on $engine', ({ baseUrl }) => {
  const tab = pagePerTest(baseUrl);

  it('is created, found by keyword and deleted by the tenant administrator', async () => {
    const { page } = tab;
    await signIn(page, e2eAccounts.hrAdmin);
    const code = `E2E${Date.now().toString(36).toUpperCase()}`;
    const name = `Chuyên viên kiểm thử ${code}`;
    await page.getByRole('navigation', { name: 'Menu chính' }).waitFor();
    await page.goto('/setting/job-titles');
    await page.getByRole('heading', { level: 1, name: 'Chức danh' }).waitFor();

    await page.getByRole('button', { name: 'Thêm mới' }).click();
    await page.waitForURL('**/setting/job-titles/create');
    await page.getByLabel('Mã').fill(code);
    await page.getByRole('textbox', { name: 'Tên', exact: true }).fill(name);
    await page.getByRole('button', { name: 'Lưu', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: `Chức danh: ${name}` }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/setting\/job-titles\/[0-9a-f-]{36}\/detail$/);

    await page.getByRole('button', { name: 'Quay lại danh sách' }).click();
    await page.getByPlaceholder('Nhập từ khóa để tìm kiếm').fill(code);
    await page.getByPlaceholder('Nhập từ khóa để tìm kiếm').press('Enter');
    const row = page.getByRole('row').filter({ hasText: name });
    await row.waitFor();
    // the unfiltered list may show the new record too: wait for the search's own rows
    await expect.poll(() => page.getByRole('row').count()).toBe(2); // the header and the one match

    await row.getByRole('link', { name: code }).click();
    await page.getByRole('heading', { level: 1, name: `Chức danh: ${name}` }).waitFor();
    await page.getByRole('button', { name: 'Xóa' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Xóa' }).click();
    await page.waitForURL((url) => url.pathname === '/setting/job-titles');
    await page.getByPlaceholder('Nhập từ khóa để tìm kiếm').fill(code);
    await page.getByPlaceholder('Nhập từ khóa để tìm kiếm').press('Enter');
    await page.getByText('Không có dữ liệu').waitFor();
  });

  it('answers an unknown record and a path no app serves with the not-found page', async () => {
    const { page } = tab;
    await signIn(page, e2eAccounts.hrAdmin);
    await page.goto('/setting/job-titles/4c8f2b1e-7a3d-4b6e-9f01-2d3c4b5a6978/detail');
    await page.waitForURL('**/404');
    await page.getByRole('heading', { level: 1, name: 'Không tìm thấy trang' }).waitFor();
    // a KPI entry no micro-app serves yet (the personal work plan)
    await page.goto('/kpi/personal');
    await page.getByRole('heading', { level: 1, name: 'Không tìm thấy trang' }).waitFor();
  });
});

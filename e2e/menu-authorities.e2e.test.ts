import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchChromium } from './support/browser.ts';
import { scratchRoot, startPortal, type RunningPortal } from './support/portal-process.ts';
import { recordToasts, signIn, toastsSeen } from './support/portal-page.ts';
import { addTenantUser, type PortalDatabase, type TenantUser } from './support/tenant-users.ts';
import { pickEngines } from './support/engines.ts';

const FORBIDDEN_TOAST = 'Bạn không có quyền truy cập chức năng này.';
/**
 * The only authorities of the user: the timesheets (whose module this portal does not install
 * yet) and the job-title and religion categories (served by @hcm/admin).
 */
const PERMISSIONS = ['timesheet.view', 'job_title.view', 'religion.view'];
const FULL_NAME = 'Trần Thị Hạn Chế';

/**
 * Where the restricted user is added. PostgreSQL: straight into the shared portal's database.
 * PGlite: the server holds its files, so this file runs a portal of its own, stopped while the
 * user is added and started again on the same files.
 */
interface Target {
  engine: 'pglite' | 'postgresql';
  prepare(): Promise<{ baseUrl: string; user: TenantUser; cleanUp(): Promise<void> }>;
}

const withOwnPglitePortal: Target = {
  engine: 'pglite',
  async prepare() {
    const dataDir = mkdtempSync(join(scratchRoot(), 'hcm-e2e-menu-'));
    let portal: RunningPortal | undefined;
    try {
      // The first start migrates and seeds the database, as on a new installation.
      await (await startPortal({ dataDir })).stop();
      const user = await addTenantUser({ dataDir }, { permissions: PERMISSIONS, fullName: FULL_NAME });
      portal = await startPortal({ dataDir });
      const running = portal;
      return {
        baseUrl: running.baseUrl,
        user,
        async cleanUp() {
          await running.stop();
          rmSync(dataDir, { recursive: true, force: true });
        },
      };
    } catch (error) {
      await portal?.stop();
      rmSync(dataDir, { recursive: true, force: true });
      throw error;
    }
  },
};

const inSharedPostgresPortal = (baseUrl: string, where: PortalDatabase): Target => ({
  engine: 'postgresql',
  async prepare() {
    const user = await addTenantUser(where, { permissions: PERMISSIONS, fullName: FULL_NAME });
    return { baseUrl, user, cleanUp: async () => undefined };
  },
});

const postgres = inject('portals').find((p) => p.databaseUrl !== undefined);
// PostgreSQL, where the user is added without a portal of the file's own (support/engines.ts);
// PGlite when no server answers or HCM_TEST_ENGINES=both.
const targets: Target[] = pickEngines(
  [
    withOwnPglitePortal,
    ...(postgres?.databaseUrl
      ? [inSharedPostgresPortal(postgres.baseUrl, { databaseUrl: postgres.databaseUrl })]
      : []),
  ],
  'postgresql',
);

/** Opens every closed group of the menu, so that every entry the user may see is on screen. */
async function openAllGroups(menu: Locator): Promise<void> {
  const closed = menu.locator('button[aria-expanded="false"]');
  while ((await closed.count()) > 0) {
    await closed.first().click();
  }
}

const namesOf = async (items: Locator) => (await items.allInnerTexts()).map((t) => t.trim());

describe.each(targets)('a user with two authorities on $engine', (target) => {
  let prepared: Awaited<ReturnType<Target['prepare']>>;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    prepared = await target.prepare();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await prepared?.cleanUp();
  });
  beforeEach(async () => {
    context = await browser.newContext({ baseURL: prepared.baseUrl, locale: 'vi-VN' });
    page = await context.newPage();
    await recordToasts(page);
    await signIn(page, prepared.user);
  });
  afterEach(async () => {
    await context?.close();
  });

  it('sees only the dashboard and the installed entries they hold in the menu, and no System group', async () => {
    const menu = page.getByRole('navigation', { name: 'Menu chính' });
    await menu.waitFor();
    await openAllGroups(menu);

    // The timesheet's pages are theirs: the timesheets, the general timesheet and the summary of
    // shifts, which the installed timekeeping app draws. Their own notifications and their own check-in (Chấm công › Chấm công, docs/check-in.md)
    // come with being a user of the tenant.
    expect(await namesOf(menu.getByRole('link'))).toEqual([
      'Tổng quan',
      'Chấm công',
      // and their own month (docs/my-timekeeping.md)
      'Công của tôi',
      'Bảng chấm công',
      'Bảng công tổng hợp',
      'Tổng hợp ca',
      // the troop report and its reports (docs/timekeeping-reports.md): timesheet or timekeeping
      'Báo cáo quân số',
      'Chức danh',
      'Tôn giáo',
      'Thông báo của tôi',
    ]);
    expect(await namesOf(menu.getByRole('button'))).toEqual([
      'Chấm công',
      'Quản trị',
      'Danh mục',
      'Thông báo nội bộ',
    ]);
    // Each entry under its own group: Quản trị › Danh mục › Chức danh, Tôn giáo.
    const groupItem = (name: string) =>
      menu.getByRole('listitem').filter({ has: page.getByRole('button', { name, exact: true }) });
    expect(await namesOf(groupItem('Danh mục').getByRole('link'))).toEqual(['Chức danh', 'Tôn giáo']);
    expect(await namesOf(groupItem('Quản trị').getByRole('link'))).toEqual(['Chức danh', 'Tôn giáo']);
    expect(await menu.getByText('Hệ thống', { exact: true }).count()).toBe(0);
    expect(await menu.getByText('Tổ chức', { exact: true }).count()).toBe(0);
    // of the Timekeeping group, their own check-in, the three drawn pages their timesheet
    // authority opens, and the troop report
    expect(await namesOf(groupItem('Chấm công').getByRole('link'))).toEqual([
      'Chấm công',
      'Công của tôi',
      'Bảng chấm công',
      'Bảng công tổng hợp',
      'Tổng hợp ca',
      'Báo cáo quân số',
    ]);

    expect(await menu.getByRole('link', { name: 'Chức danh' }).getAttribute('href')).toBe(
      '/setting/job-titles',
    );
  });

  it('is sent to the dashboard with a toast when opening a System page by its address', async () => {
    await page.goto('/system/service-pack');
    await page.locator('.fui-Toast', { hasText: FORBIDDEN_TOAST }).waitFor();
    // the shell replaces the history entry (no navigation event to wait for): read the address
    await expect.poll(() => new URL(page.url()).pathname).toBe('/dashboard');
    // said once: the app of the page the user was kept from asked the API nothing (no 403 toast)
    expect((await toastsSeen(page)).filter((t) => !t.includes(FORBIDDEN_TOAST))).toEqual([]);
  });

  it('is sent to the dashboard with a toast when opening a tenant page they lack', async () => {
    await page.goto('/setting/ethnicity');
    await page.locator('.fui-Toast', { hasText: FORBIDDEN_TOAST }).waitFor();
    // the shell replaces the history entry (no navigation event to wait for): read the address
    await expect.poll(() => new URL(page.url()).pathname).toBe('/dashboard');
    // said once: the app of the page the user was kept from asked the API nothing (no 403 toast)
    expect((await toastsSeen(page)).filter((t) => !t.includes(FORBIDDEN_TOAST))).toEqual([]);
  });

  it('opens a page they hold without that toast', async () => {
    await page.goto('/setting/job-titles');
    const menu = page.getByRole('navigation', { name: 'Menu chính' });
    // The menu opens the entry's groups and marks it as the current page.
    await menu.locator('a[aria-current="page"]', { hasText: 'Chức danh' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/setting/job-titles');
    expect((await toastsSeen(page)).filter((t) => t.includes(FORBIDDEN_TOAST))).toEqual([]);
  });
});

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accessibilityViolations } from './support/axe.ts';
import { pagePerTest } from './support/browser.ts';
import { portalsFor } from './support/engines.ts';
import { e2eAccounts, repoRoot } from './support/portal-process.ts';
import { signIn } from './support/portal-page.ts';
import { waitForQuiet } from './support/quiet.ts';

const portals = portalsFor();
const SCREENSHOTS = join(repoRoot, '.cache/screenshots');
const ROUTE = '/tm/work-shift';

/** A labelled input of the form (a required star may follow its label). */
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\s*\\*?$`));

/*
 * Timekeeping › Work shift on the built portal (docs/work-shifts.md): the timekeeping micro-app
 * loads from its own import-map line, HR makes a night shift with its break and punch windows in
 * the form, sees it drawn across midnight, saves it, and finds it in the list with the night hours
 * the server derived; axe on the form and the list; screenshots at desktop and phone sizes.
 */
describe.each(portals)('work shifts on $engine', ({ baseUrl, engine }) => {
  const tab = pagePerTest(baseUrl);

  it('makes a night shift in the form, sees it across midnight, and lists it', async () => {
    const { page } = tab;
    mkdirSync(SCREENSHOTS, { recursive: true });
    const shot = (name: string) =>
      page.screenshot({ path: join(SCREENSHOTS, `work-shift-${name}-${engine}.png`) });
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, e2eAccounts.hrAdmin);
    const run = `${engine === 'pglite' ? 'L' : 'P'}${Date.now().toString(36).toUpperCase()}`;

    // from the menu: Chấm công › Ca làm việc, drawn by the timekeeping app's own import-map line
    const menu = page.getByRole('navigation', { name: 'Menu chính' });
    const group = menu.getByRole('button', { name: 'Chấm công', exact: true });
    if ((await group.getAttribute('aria-expanded')) === 'false') await group.click();
    await menu.getByRole('link', { name: 'Ca làm việc', exact: true }).click();
    await page.waitForURL((url) => url.pathname === ROUTE);
    await page.getByRole('heading', { level: 1, name: 'Ca làm việc' }).waitFor();
    const map = await page.evaluate(() =>
      fetch('/importmap.json').then((r) => r.json() as Promise<{ imports: Record<string, string> }>),
    );
    expect(map.imports['@hcm/timekeeping']).toMatch(/^\/apps\/hcm-timekeeping\.[0-9a-f]{12}\.js$/);

    await page.getByRole('button', { name: 'Thêm mới' }).click();
    await page.waitForURL((url) => url.pathname === `${ROUTE}/create`);
    await field(page, 'Mã').fill(`CA_DEM_${run}`);
    await field(page, 'Tên').fill(`Ca đêm ${run}`);
    // typed as on a number pad: written HH:mm once the input is left
    await field(page, 'Giờ bắt đầu').fill('2200');
    await field(page, 'Giờ kết thúc').fill('6');
    await field(page, 'Giờ kết thúc').blur();
    expect(await field(page, 'Giờ bắt đầu').inputValue()).toBe('22:00');
    expect(await field(page, 'Giờ kết thúc').inputValue()).toBe('06:00');
    await page
      .getByRole('group', { name: 'Giờ nghỉ giữa ca' })
      .getByRole('button', { name: 'Thêm dòng' })
      .click();
    await page.getByRole('textbox', { name: 'Nghỉ từ 1' }).fill('02:00');
    await page.getByRole('textbox', { name: 'Nghỉ đến 1' }).fill('02:30');
    await field(page, 'Chấm vào từ').fill('21:00');
    await field(page, 'Chấm vào đến').fill('23:00');
    await field(page, 'Chấm ra từ').fill('05:30');
    await field(page, 'Chấm ra đến').fill('08:00');
    await field(page, 'Cho phép đi muộn \\(phút\\)').fill('5');
    await field(page, 'Số giờ yêu cầu').fill('7,5');
    await field(page, 'Số công của ca').fill('1');
    await field(page, 'Hệ số ca').fill('1,3');
    const chart = page.getByRole('img', { name: /Giờ làm việc: 22:00 – 06:00 \(hôm sau\)/ });
    await chart.waitFor();
    expect(await chart.getAttribute('aria-label')).toContain(
      'Nghỉ không lương: 02:00 (hôm sau) – 02:30 (hôm sau)',
    );
    await waitForQuiet(page);
    expect(await accessibilityViolations(page)).toEqual([]);
    // the screen as HR sees it (a full-page shot would repeat the fixed top bar)
    await field(page, 'Giờ bắt đầu').scrollIntoViewIfNeeded();
    await shot('form-desktop');
    await chart.scrollIntoViewIfNeeded();
    await shot('timeline-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await field(page, 'Giờ bắt đầu').scrollIntoViewIfNeeded();
    await shot('form-phone');
    await chart.scrollIntoViewIfNeeded();
    await shot('timeline-phone');
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.getByRole('button', { name: 'Lưu' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/detail'));
    await page.getByRole('heading', { level: 1, name: `Ca làm việc: Ca đêm ${run}` }).waitFor();
    // the server's night hours, from the tenant's night window: 22:00–06:00 less the unpaid half hour
    const timeline = page.getByRole('region', { name: 'Dòng thời gian của ca' });
    await timeline.getByText('Giờ làm đêm', { exact: true }).waitFor();
    expect(await timeline.locator('dd').last().innerText()).toBe('7,5 giờ');

    await page.goto(ROUTE);
    await page.getByPlaceholder('Nhập từ khóa để tìm kiếm').fill(run);
    await page.keyboard.press('Enter');
    const row = page.getByRole('row', { name: new RegExp(`CA_DEM_${run}`) });
    await row.waitFor();
    expect(await row.textContent()).toContain('22:00');
    await waitForQuiet(page);
    expect(await accessibilityViolations(page)).toEqual([]);
    await shot('list-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await waitForQuiet(page);
    await shot('list-phone');
  });
});

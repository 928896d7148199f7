import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TimekeepingConfig } from '../shared/contracts/src/modules/timekeeping-config.ts';
import { accessibilityViolations } from './support/axe.ts';
import { pagePerTest } from './support/browser.ts';
import { portalsFor } from './support/engines.ts';
import { getDataAsPage } from './support/page-api.ts';
import { e2eAccounts, repoRoot } from './support/portal-process.ts';
import { signIn } from './support/portal-page.ts';
import { waitForQuiet } from './support/quiet.ts';

const portals = portalsFor();
const SCREENSHOTS = join(repoRoot, '.cache/screenshots');
/** Far from the months the other stories compute: their "+" stays theirs. */
const FROM = { typed: '01/2030', month: '2030-01' };

/*
 * Timekeeping › Configuration › General config on the built portal (docs/timekeeping-config.md):
 * HR writes X for a worked day from a month with its reason; the version is listed and the API
 * answers it for the months after; axe and screenshots at desktop and phone sizes. (That the
 * server's jobs then compute those months' days with X: services/tm/config/config.test.ts.)
 */
describe.each(portals)('timekeeping general config on $engine', ({ baseUrl, engine }) => {
  const tab = pagePerTest(baseUrl);

  it('writes X for a worked day from a month, and lists the version', async () => {
    const { page } = tab;
    mkdirSync(SCREENSHOTS, { recursive: true });
    const shot = (name: string) =>
      page.screenshot({
        path: join(SCREENSHOTS, `timekeeping-config-${name}-${engine}.png`),
        fullPage: true,
      });
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, e2eAccounts.hrAdmin);
    await page.goto(`${baseUrl}/tm/config`);
    await page.getByRole('heading', { level: 1, name: 'Cấu hình chung' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'tính theo cấu hình' }).waitFor();

    const month = page.getByRole('textbox', { name: /^Áp dụng từ tháng/ });
    await month.fill(FROM.typed);
    await month.press('Enter');
    await page.getByText(`từ tháng ${FROM.typed}`, { exact: false }).first().waitFor();
    await page.getByRole('textbox', { name: 'Ký hiệu: Lương thời gian' }).fill('X');
    await page.getByRole('textbox', { name: 'Ký hiệu: Vắng mặt không có đơn' }).fill('KP');
    await page.getByRole('textbox', { name: /^Lý do thay đổi/ }).fill('Công ty ghi X cho ngày làm việc');
    await page.getByRole('button', { name: 'Lưu cấu hình' }).click();
    await page.getByText(`Đã lưu. Bảng công từ tháng ${FROM.typed}`, { exact: false }).last().waitFor();
    const history = page.getByRole('region', { name: 'Lịch sử cấu hình' });
    await history.getByRole('row', { name: new RegExp(`^${FROM.typed}`) }).waitFor();
    expect(await history.getByRole('row', { name: new RegExp(`^${FROM.typed}`) }).textContent()).toContain(
      'Lương thời gian: X; Vắng mặt không có đơn: KP',
    );

    const after = await getDataAsPage<TimekeepingConfig>(page, '/api/tm/config?month=2030-03');
    expect(after.inForce).toMatchObject({
      effectiveMonth: FROM.month,
      reason: 'Công ty ghi X cho ngày làm việc',
    });
    expect(after.inForce?.symbols).toMatchObject({ WORKED: 'X', ABSENT: 'KP', ANNUAL_LEAVE: 'P' });
    const before = await getDataAsPage<TimekeepingConfig>(page, '/api/tm/config?month=2029-12');
    expect(before.inForce?.effectiveMonth ?? null).not.toBe(FROM.month);

    await waitForQuiet(page);
    expect(await accessibilityViolations(page)).toEqual([]);
    await shot('desktop');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Cấu hình chung' }).waitFor();
    await page.getByRole('textbox', { name: 'Ký hiệu: Lương thời gian' }).waitFor();
    await waitForQuiet(page);
    expect(await accessibilityViolations(page)).toEqual([]);
    await shot('phone');
  });
});

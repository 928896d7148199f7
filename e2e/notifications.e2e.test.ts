import { describe, expect, inject, it } from 'vitest';
import { accessibilityViolations } from './support/axe.ts';
import { pagePerTest } from './support/browser.ts';
import {
  addUserAsAnotherProcess,
  notifyAsAnotherProcess,
  type Recipient,
} from './support/another-process.ts';
import { e2eAccounts } from './support/portal-process.ts';
import { recordToasts, SessionKeys, signIn, toastsSeen } from './support/portal-page.ts';
import { watchRequests } from './support/quiet.ts';

const portals = inject('portals');

// Another server process sending a notification is, to this portal, a row in the database and a
// NOTIFY on its channel: the story plays that process with SQL, so it runs where a second
// process can share the database (PostgreSQL). The PGlite engine's in-process path is proven
// by the server's suite (services/notification).
describe.each(portals.filter((portal) => portal.databaseUrl !== undefined))(
  'the notification bell, through the built portal on $engine',
  ({ baseUrl, databaseUrl }) => {
    const tab = pagePerTest(baseUrl);
    const sendAsAnotherProcess = (me: Recipient, title: string, link: string | null, push: boolean) =>
      notifyAsAnotherProcess(databaseUrl as string, me, title, link, push);

    it('counts the unread, shows a pushed one at once, opens its link and marks all read', async () => {
      const { page } = tab;
      await recordToasts(page);
      // A user of the story's own: other stories on this portal notify the HR administrator (a
      // pushed notification of the embedding story once arrived after "mark all read" here).
      const stamp = Date.now().toString(36).toUpperCase();
      const reader = await addUserAsAnotherProcess(
        databaseUrl as string,
        e2eAccounts.hrAdmin,
        `tb_${stamp.toLowerCase()}`,
        `Người nhận ${stamp}`,
      );
      await signIn(page, reader);
      const me = await page.evaluate(async (key) => {
        const { accessToken } = JSON.parse(
          localStorage.getItem(key) ?? sessionStorage.getItem(key) ?? '{}',
        ) as {
          accessToken: string;
        };
        const res = await fetch('/api/iam/me/profile', {
          headers: { authorization: `Bearer ${accessToken}` },
        });
        return ((await res.json()) as { data: Recipient }).data;
      }, SessionKeys.tokens);
      await sendAsAnotherProcess(me, `Lịch họp giao ban ${stamp}`, null, false);
      await sendAsAnotherProcess(me, `Hợp đồng sắp hết hạn ${stamp}`, null, false);
      // the count is read when the page opens, then every 20 s
      await page.reload();
      const bell = page.getByRole('button', { name: /^Thông báo, \d+ chưa đọc$/ });
      await bell.waitFor();
      const before = Number(/(\d+) chưa đọc/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1]);
      expect(before).toBe(2);

      // pushed: a toast (only a pushed notification makes one: the 20 s poll reads a count), and
      // the badge. The bound is the toast's: a loaded CI machine once took more than 5 s.
      const pushedTitle = `Đơn nghỉ phép đã được duyệt ${stamp}`;
      await sendAsAnotherProcess(me, pushedTitle, '/setting/my-profile', true);
      await expect
        .poll(() => toastsSeen(page), { timeout: 15_000 })
        .toContainEqual(expect.stringContaining(pushedTitle));
      await page.getByRole('button', { name: `Thông báo, ${before + 1} chưa đọc` }).waitFor();

      await page.getByRole('button', { name: `Thông báo, ${before + 1} chưa đọc` }).click();
      const panel = page.getByRole('dialog', { name: 'Thông báo' });
      const items = panel.getByRole('listitem');
      await expect
        .poll(() => items.allInnerTexts())
        .toEqual(expect.arrayContaining([expect.stringContaining(pushedTitle)]));
      const titles = await items.allInnerTexts();
      // newest first
      expect(titles.findIndex((t) => t.includes(pushedTitle))).toBeLessThan(
        titles.findIndex((t) => t.includes(`Hợp đồng sắp hết hạn ${stamp}`)),
      );
      expect(await accessibilityViolations(page)).toEqual([]);

      await panel.getByRole('button', { name: new RegExp(`^${pushedTitle}\\s*, Chưa đọc`) }).click();
      await page.waitForURL('**/setting/my-profile');
      await page.getByRole('button', { name: `Thông báo, ${before} chưa đọc` }).waitFor();

      await page.getByRole('button', { name: `Thông báo, ${before} chưa đọc` }).click();
      await panel.getByRole('button', { name: 'Chưa đọc', exact: true }).click();
      await panel
        .getByRole('button', { name: new RegExp(`^Hợp đồng sắp hết hạn ${stamp}\\s*, Chưa đọc`) })
        .waitFor();
      await panel.getByRole('button', { name: 'Đánh dấu tất cả đã đọc' }).click();
      // polled on the panel's whole text, so that a run that never gets there says what it showed
      // instead (a CI run timed out here once with nothing to tell why)
      await expect
        .poll(() => panel.innerText(), { timeout: 30_000 })
        .toContain('Không có thông báo chưa đọc');
      // the open panel keeps focus inside it (the page behind is hidden from assistive technology)
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Thông báo', exact: true }).waitFor();
      expect(await page.getByTestId('notification-badge').count()).toBe(0);
    });
  },
);

// The feed's promise holds on any engine: the shared portal (support/engines.ts).
describe.each(portals)('two notification bells on one page of the built portal on $engine', ({ baseUrl }) => {
  const tab = pagePerTest(baseUrl);

  it('poll the unread count once every 20 s between them, and show the same count', async () => {
    const { page } = tab;
    // the page's clock, not the wall's: a minute of the page's time passes at once below
    await page.clock.install();
    let polls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/notification/me/notifications/count-unread')) polls += 1;
    });
    await signIn(page, e2eAccounts.hrAdmin);
    // a second bell, as a page of the portal without React would place one
    await page.evaluate(() => {
      const bell = document.createElement('hcm-notification-bell');
      bell.id = 'second-bell';
      document.querySelector('main')?.prepend(bell);
    });
    const second = page.locator('#second-bell').getByRole('button', { name: /^Thông báo/ });
    await second.waitFor();
    const topBar = page.getByRole('banner').getByRole('button', { name: /^Thông báo/ });
    expect(await second.getAttribute('aria-label')).toBe(await topBar.getAttribute('aria-label'));
    // three periods of the poll: the page asks three times, once per period, not once per bell
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    const requests = watchRequests(page);
    const before = polls;
    await page.clock.runFor(60_000);
    await requests.quiet();
    expect(polls - before).toBe(3);
  });
});

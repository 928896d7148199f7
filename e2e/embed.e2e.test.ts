import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { docxOf } from '../packages/server/src/resources/testing/docx.ts';
import { notifyAsAnotherProcess, type Recipient } from './support/another-process.ts';
import { accessibilityViolations } from './support/axe.ts';
import { pagePerTest } from './support/browser.ts';
import { startEmbedHost, type EmbedHost } from './support/embed-host.ts';
import { allowSelfApproval } from './support/four-eyes.ts';
import { getDataAsPage, postAsPage, postDataAsPage, uploadAsPage } from './support/page-api.ts';
import { e2eAccounts } from './support/portal-process.ts';
import { SessionKeys, signIn } from './support/portal-page.ts';

const portals = inject('portals');
const MINUTE = 60_000;

/** A cell's dd/MM/yyyy HH:mm as minutes since the epoch (in the page's own time zone: only differences count). */
function minutesOf(text: string): number {
  const [day, month, year, hour, minute] = (/(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2})/.exec(text) ?? [])
    .slice(1)
    .map(Number);
  return Date.UTC(year as number, (month as number) - 1, day, hour, minute) / MINUTE;
}
const embedOrigin = inject('embedOrigin');

/** What the hostile page would do to text if it could reach ours (e2e/embed/intranet.css). */
async function textStyleOf(element: Locator) {
  return element.evaluate((node) => {
    const style = getComputedStyle(node);
    return {
      fontFamily: style.fontFamily,
      letterSpacing: style.letterSpacing,
      textTransform: style.textTransform,
      borderStyle: style.borderTopStyle,
    };
  });
}

async function expectOurStyles(element: Locator) {
  const style = await textStyleOf(element);
  expect(style.fontFamily).not.toContain('Comic Sans');
  expect(style.letterSpacing).toBe('normal');
  expect(style.textTransform).toBe('none');
  expect(style.borderStyle).not.toBe('dashed');
}

// The bell's push needs a second process on the same database (support/another-process.ts):
// the story runs on the PostgreSQL portal.
describe.each(portals.filter((portal) => portal.databaseUrl !== undefined))(
  'an intranet page of another site embedding the widgets from the portal on $engine',
  ({ baseUrl, databaseUrl }) => {
    const tab = pagePerTest(baseUrl);
    let host: EmbedHost;

    beforeAll(async () => {
      host = await startEmbedHost(embedOrigin, baseUrl);
    });
    afterAll(async () => {
      await host?.stop();
    });

    /** Templates to pick and the signed-in user, made through the portal itself. */
    async function prepareInPortal(page: Page, stamp: string): Promise<Recipient & { workflow: string }> {
      await signIn(page, e2eAccounts.hrAdmin);
      const template = async (name: string, type: string) =>
        postAsPage(page, '/api/system/document-templates', {
          name,
          type,
          note: `Dùng cho trang nội bộ ${stamp}`,
          file: await uploadAsPage(
            page,
            `${name}.docx`,
            docxOf(['Kính gửi: {worker.fullName}']),
            'DOCUMENT_TEMPLATE',
          ),
        });
      await template(`Quyết định khen thưởng ${stamp}`, 'REWARD');
      await template(`Thông báo nghỉ lễ ${stamp}`, 'COMMUNICATION');
      const me = await page.evaluate(async (key) => {
        const raw = localStorage.getItem(key) ?? sessionStorage.getItem(key) ?? '{}';
        const { accessToken } = JSON.parse(raw) as { accessToken: string };
        const res = await fetch('/api/iam/me/profile', {
          headers: { authorization: `Bearer ${accessToken}` },
        });
        return ((await res.json()) as { data: Recipient }).data;
      }, SessionKeys.tokens);
      // the only piece-wage workflow: the form on the page selects it by itself. A new tenant has
      // a default one (DEFAULT_PIECE_WAGE, services/tenant/seeds), which the form would prefer:
      // it steps aside, as an administrator replacing it would do.
      const defaults = await getDataAsPage<{ id: string }[]>(
        page,
        '/api/system/workflow-templates?code=DEFAULT_PIECE_WAGE&status=ACTIVE',
      );
      for (const { id } of defaults)
        await postDataAsPage(page, `/api/system/workflow-templates/${id}/inactive`, {});
      const workflow = `Duyệt lương sản phẩm ${stamp}`;
      await postAsPage(page, '/api/system/workflow-templates', {
        code: `LSP_${stamp}`,
        name: workflow,
        workflowTemplateTypes: ['PIECE_WAGE'],
        steps: [
          {
            name: 'Tổ trưởng xác nhận',
            assignmentType: 'USER',
            assignmentId: me.id,
            slaAmount: 30,
            slaUnit: 'MINUTES',
          },
          {
            name: 'Kế toán duyệt',
            assignmentType: 'USER',
            assignmentId: me.id,
            slaAmount: 90,
            slaUnit: 'MINUTES',
          },
        ],
      });
      // both steps are the administrator's own: their tenant waives four eyes (docs/approvals.md)
      await allowSelfApproval(page);
      return { ...me, workflow };
    }

    it('signs in through the page, rings with a pushed notification, approves, picks templates and times a workflow: styled as in the portal whatever the page’s CSS', async () => {
      const { page } = tab;
      const stamp = Date.now().toString(36).toUpperCase();
      const me = await prepareInPortal(page, stamp);

      const intranet = await page.context().newPage();
      const portalCalls: string[] = [];
      intranet.on('request', (request) => {
        if (request.url().startsWith(baseUrl)) portalCalls.push(new URL(request.url()).pathname);
      });
      await intranet.goto(host.pageUrl);
      await intranet.getByRole('status').filter({ hasText: 'Chưa đăng nhập' }).waitFor();
      await intranet.getByLabel('Tên đăng nhập').fill(e2eAccounts.hrAdmin.username);
      await intranet.getByLabel('Mật khẩu').fill(e2eAccounts.hrAdmin.password);
      await intranet.getByRole('button', { name: 'Đăng nhập' }).click();
      await intranet
        .getByRole('status')
        .filter({ hasText: `Đã đăng nhập: ${e2eAccounts.hrAdmin.username}` })
        .waitFor();

      const bellElement = intranet.locator('hcm-notification-bell');
      const bell = bellElement.getByRole('button', { name: /^Thông báo/ });
      await bell.waitFor();
      await expectOurStyles(bell);
      // the page hides every svg; ours is inside the shadow root, out of its reach
      expect(await bellElement.locator('svg').first().isVisible()).toBe(true);

      const title = `Đơn nghỉ phép NP-${stamp} đã được duyệt`;
      const sent = Date.now();
      await notifyAsAnotherProcess(databaseUrl as string, me, title, '/setting/my-profile', true);
      const ringing = bellElement.getByRole('button', { name: /^Thông báo, \d+\+? chưa đọc$/ });
      await ringing.waitFor({ timeout: 5000 });
      // the toast, in a shadow root of its own at the end of the page's body
      const toast = intranet.locator('hcm-widget-layer .fui-Toast').filter({ hasText: title });
      await toast.waitFor({ timeout: 5000 });
      const shownAfterMs = Date.now() - sent;
      console.log(
        `embed: a pushed notification reached the other site's bell and toast in ${shownAfterMs} ms`,
      );
      // (the toast leaves after 3 s; until then it covers the corner where the bell's list opens)
      await toast.waitFor({ state: 'hidden' });

      await ringing.click();
      const panel = bellElement.getByRole('dialog', { name: 'Thông báo' });
      await panel.waitFor();
      await expectOurStyles(panel.getByRole('heading', { name: 'Thông báo' }));
      const item = panel.getByRole('button', { name: new RegExp(`^${title}`) });
      await item.waitFor();
      expect(await accessibilityViolations(intranet)).toEqual([]);
      // a portal path opens the portal in a new tab: this page has no portal router
      const opened = intranet.context().waitForEvent('page');
      await item.click();
      const portalTab = await opened;
      await portalTab.waitForURL(`${baseUrl}/setting/my-profile`);
      await portalTab.close();

      await intranet.getByRole('button', { name: 'Phê duyệt đơn NP-0042' }).click();
      const dialog = intranet.locator('hcm-approval-dialog').getByRole('dialog', { name: 'Phê duyệt' });
      await dialog.waitFor();
      await expectOurStyles(dialog.getByRole('button', { name: 'Phê duyệt' }));
      expect(await accessibilityViolations(intranet)).toEqual([]);
      await dialog.getByRole('button', { name: 'Phê duyệt' }).click();
      await intranet.getByText('Đã phê duyệt, ý kiến: Đồng ý').waitFor();

      // the picker, multi mode: the portal's templates of this story, searched by keyword
      await intranet.getByRole('button', { name: 'Chọn mẫu tài liệu' }).click();
      const picker = intranet
        .locator('hcm-document-template-picker')
        .getByRole('dialog', { name: 'Mẫu tài liệu' });
      await picker.waitFor();
      const search = picker.getByRole('searchbox', { name: 'Tìm kiếm' });
      await search.fill(stamp);
      await search.press('Enter');
      const reward = picker.getByRole('checkbox', { name: `Chọn Quyết định khen thưởng ${stamp}` });
      await reward.waitFor();
      await picker.getByRole('checkbox', { name: `Chọn Thông báo nghỉ lễ ${stamp}` }).waitFor();
      await expectOurStyles(picker.getByRole('button', { name: 'Chọn', exact: true }));
      expect(await accessibilityViolations(intranet)).toEqual([]);
      await reward.check();
      await picker.getByRole('button', { name: 'Chọn', exact: true }).click();
      await intranet
        .locator('#picked')
        .filter({ hasText: `Quyết định khen thưởng ${stamp}` })
        .waitFor();
      await picker.waitFor({ state: 'detached' });

      // the workflow form: the only template of its type chosen by itself, the steps timed one after another
      const form = intranet.locator('hcm-workflow-assignment');
      await expect
        .poll(() => form.getByRole('combobox', { name: /Chọn quy trình/ }).inputValue())
        .toBe(me.workflow);
      const rowOf = (step: string) => form.getByRole('row').filter({ hasText: step });
      await rowOf('Kế toán duyệt').waitFor();
      const times = async (step: string) =>
        (await rowOf(step).getByRole('cell').allInnerTexts())
          .filter((t) => /\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/.test(t))
          .map(minutesOf);
      const [firstStart, firstEnd] = await times('Tổ trưởng xác nhận');
      const [secondStart, secondEnd] = await times('Kế toán duyệt');
      // now, on the page's clock and in its time zone, as the cells are written
      const pageNow = await intranet.evaluate(() => {
        const d = new Date();
        return Date.UTC(d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes()) / 60_000;
      });
      expect(Math.abs((firstStart as number) - pageNow)).toBeLessThan(3);
      expect((firstEnd as number) - (firstStart as number)).toBe(30);
      expect(secondStart).toBe(firstEnd);
      expect((secondEnd as number) - (secondStart as number)).toBe(90);
      await intranet.locator('#workflow').filter({ hasText: 'Hợp lệ: 2 bước' }).waitFor();
      expect(await accessibilityViolations(intranet)).toEqual([]);

      // one script from the portal, and no import map, SystemJS or micro-app
      const scripts = portalCalls.filter((path) => path.endsWith('.js'));
      expect(scripts).toEqual(['/widgets/hcm-widgets.js']);
    });
  },
);

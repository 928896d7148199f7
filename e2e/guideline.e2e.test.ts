import { describe, expect, it } from 'vitest';
import { accessibilityViolations } from './support/axe.ts';
import { pagePerTest } from './support/browser.ts';
import { postAsPage, uploadAsPage } from './support/page-api.ts';
import { pdfWithText } from './support/pdf.ts';
import { e2eAccounts } from './support/portal-process.ts';
import { signIn } from './support/portal-page.ts';
import { portalsFor } from './support/engines.ts';

const portals = portalsFor();

describe.each(portals)(
  'the user manuals behind the top bar’s “?”, through the built portal on $engine',
  ({ baseUrl }) => {
    const tab = pagePerTest(baseUrl);

    it('lists what the system administrator published and previews a PDF inside the portal, under its CSP', async () => {
      const { page } = tab;
      const stamp = Date.now().toString(36).toUpperCase();
      // the system administrator publishes the manuals, for every tenant
      await signIn(page, e2eAccounts.root);
      const title = `Hướng dẫn chấm công ${stamp}`;
      await postAsPage(page, '/api/system/user-manuals', {
        title,
        note: 'Dành cho nhân viên và quản lý',
        priority: 1,
        file: await uploadAsPage(
          page,
          `cham-cong-${stamp}.pdf`,
          pdfWithText(`Cham cong ${stamp}`),
          'USER_MANUAL',
        ),
      });
      await page.context().clearCookies();
      await page.evaluate(() => {
        localStorage.clear();
        sessionStorage.clear();
      });

      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      await signIn(page, e2eAccounts.hrAdmin);
      await page.getByRole('button', { name: 'Hướng dẫn sử dụng' }).click();
      const list = page.getByRole('dialog', { name: 'Hướng dẫn sử dụng' });
      await list.getByText(title).click();
      expect(await accessibilityViolations(page)).toEqual([]);
      await list.getByRole('button', { name: `cham-cong-${stamp}.pdf` }).click();
      const preview = page.getByRole('dialog', { name: `cham-cong-${stamp}.pdf` });
      const frame = preview.locator('iframe');
      await frame.waitFor({ timeout: 5000 });
      expect(await frame.getAttribute('src')).toMatch(/^blob:/);
      expect((await frame.boundingBox())?.height).toBe(678);
      // the PDF itself reached the frame (not a refusal page)
      await expect
        .poll(() => page.frames().some((f) => f.url().startsWith('blob:')), { timeout: 5000 })
        .toBe(true);
      expect(violations).toEqual([]);
      await preview.getByRole('button', { name: 'Quay lại' }).click();
      await list.getByRole('button', { name: 'Đóng' }).click();
      await list.waitFor({ state: 'detached' });
    });
  },
);

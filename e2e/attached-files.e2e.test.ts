import { describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { accessibilityViolations } from './support/axe.ts';
import { pagePerTest } from './support/browser.ts';
import { postAsPage as post } from './support/page-api.ts';
import { e2eAccounts } from './support/portal-process.ts';
import { signIn } from './support/portal-page.ts';
import { portalsFor } from './support/engines.ts';

const portals = portalsFor();

/** A small real PDF: the storage service checks the bytes, not only the name. */
const pdf = (title: string) =>
  Buffer.from(`%PDF-1.4\n% ${title}\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`, 'utf8');

// The rules of the files kind are proven on both engines by the server's suites; the story in the
// browser runs once, on the embedded default.
describe.each(portals)('files attached to a decision, through the built portal on $engine', ({ baseUrl }) => {
  const tab = pagePerTest(baseUrl);

  it('attaches the signed decision and its minutes in the form, skips a text file, lists them on the detail page and downloads one', async () => {
    const { page } = tab;
    await signIn(page, e2eAccounts.hrAdmin);
    const stamp = Date.now().toString(36).toUpperCase();
    const unitId = await post(page, '/api/om/organization-units', {
      code: `TT${stamp}`,
      name: `Phòng Truyền thông ${stamp}`,
      typeCode: 'PHONG',
    });
    const workerId = await post(page, '/api/om/workers', {
      code: `NV${stamp}`,
      fullName: `Lê Thu Hà ${stamp}`,
      gender: 'FEMALE',
      organizationUnitId: unitId,
    });
    const rewardTypeId = await post(page, '/api/om/reward-types', {
      code: `KT${stamp}`,
      name: `Lao động xuất sắc ${stamp}`,
    });
    const number = `15/${stamp}/QĐ-KT`;
    const rewardId = await post(page, '/api/om/rewards', {
      workerId,
      rewardTypeId,
      decisionNumber: number,
      effectiveDate: '2026-11-20',
      amount: '2000000',
    });

    await page.goto(`/om/reward/${rewardId}/update`);
    const field = page.getByRole('group', { name: 'Tệp đính kèm' });
    await field.getByText('Tối đa 10 tệp; định dạng .pdf').waitFor();
    const decree = pdf('Quyết định khen thưởng');
    await field.locator('input[type=file]').setInputFiles([
      { name: `Quyết định ${stamp}.pdf`, mimeType: 'application/pdf', buffer: decree },
      { name: 'ghi chú.txt', mimeType: 'text/plain', buffer: Buffer.from('ghi chú') },
      { name: `Biên bản họp ${stamp}.pdf`, mimeType: 'application/pdf', buffer: pdf('Biên bản') },
    ]);
    const items = field.getByTestId('files-input-item');
    await expect
      .poll(() => items.allTextContents())
      .toEqual([
        expect.stringContaining(`Quyết định ${stamp}.pdf`),
        expect.stringContaining(`Biên bản họp ${stamp}.pdf`),
      ]);
    expect(await field.getByRole('alert').count()).toBe(0);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Lưu', exact: true }).click();

    await page.waitForURL(`**/om/reward/${rewardId}/detail`);
    const files = page.locator('[data-field="files"]');
    const first = files.getByRole('button', { name: `Tải về Quyết định ${stamp}.pdf` });
    await first.waitFor();
    expect(await files.getByRole('listitem').allTextContents()).toEqual([
      expect.stringContaining(`Quyết định ${stamp}.pdf`),
      expect.stringContaining(`Biên bản họp ${stamp}.pdf`),
    ]);
    expect(await accessibilityViolations(page)).toEqual([]);

    const saved = page.waitForEvent('download');
    await first.click();
    const download = await saved;
    expect(download.suggestedFilename()).toBe(`Quyết định ${stamp}.pdf`);
    expect(await readFile(await download.path())).toEqual(decree);
  });
});

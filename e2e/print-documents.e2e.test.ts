import { describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { docxOf, paragraphsOf } from '../packages/server/src/resources/testing/docx.ts';
import { accessibilityViolations } from './support/axe.ts';
import { pagePerTest } from './support/browser.ts';
import { postAsPage as post, uploadAsPage } from './support/page-api.ts';
import { e2eAccounts } from './support/portal-process.ts';
import { signIn } from './support/portal-page.ts';
import { portalsFor } from './support/engines.ts';

const portals = portalsFor();

// The printing itself is proven on PostgreSQL by the server's suite (om/documents): the story
// runs once, on the embedded default.
describe.each(portals)('documents from templates, through the built portal on $engine', ({ baseUrl }) => {
  const tab = pagePerTest(baseUrl);

  it('prints a contract through a Word template: names a wrong placeholder, previews the filled document, downloads it', async () => {
    const { page } = tab;
    await signIn(page, e2eAccounts.hrAdmin);
    const stamp = Date.now().toString(36).toUpperCase();
    const unitId = await post(page, '/api/om/organization-units', {
      code: `KD${stamp}`,
      name: `Phòng Kinh doanh ${stamp}`,
      typeCode: 'PHONG',
    });
    const workerId = await post(page, '/api/om/workers', {
      code: `NV${stamp}`,
      fullName: `Trần Minh Khoa ${stamp}`,
      gender: 'MALE',
      organizationUnitId: unitId,
    });
    const typeId = await post(page, '/api/om/contract-types', {
      code: `XD${stamp}`,
      name: `Xác định thời hạn ${stamp}`,
      salaryRate: '100',
    });
    const number = `07/${stamp}/HĐLĐ`;
    const contractId = await post(page, '/api/om/contracts', {
      number,
      workerId,
      contractTypeId: typeId,
      signingDate: '2026-02-25',
      effectiveDate: '2026-03-01',
      expiryDate: '2027-02-28',
      salary: '15000000',
    });
    const template = async (name: string, lines: string[]) =>
      post(page, '/api/system/document-templates', {
        name,
        type: 'CONTRACT',
        file: await uploadAsPage(page, `${name}.docx`, docxOf(lines), 'DOCUMENT_TEMPLATE'),
      });
    await template(`Mẫu cũ ${stamp}`, ['Họ tên: {hoTen}']);
    await template(`Hợp đồng lao động ${stamp}`, [
      'HỢP ĐỒNG LAO ĐỘNG số {number}',
      'Người lao động: {worker.fullName}, {worker.organizationUnit}',
      'Thời hạn: từ ngày {effectiveDate} đến ngày {expiryDate}',
      'Mức lương: {salary} đồng ({salary.inWords})',
    ]);

    await page.goto(`/om/contract/${contractId}/detail`);
    await page.getByRole('heading', { level: 1, name: `Hợp đồng: ${number}` }).waitFor();
    await page.getByRole('button', { name: 'In văn bản' }).click();
    const dialog = page.getByRole('dialog', { name: 'In văn bản từ mẫu' });
    await dialog.getByRole('combobox', { name: 'Mẫu văn bản' }).click();
    await page.getByRole('option', { name: `Mẫu cũ ${stamp}` }).click();
    await dialog.getByRole('button', { name: 'Xem trước' }).click();
    await expect
      .poll(() => dialog.getByRole('alert').textContent())
      .toBe(
        'Mẫu dùng trường trộn mà bản ghi này không có: {hoTen}. Hãy sửa mẫu theo các trường trộn dùng được rồi thử lại.',
      );

    await dialog.getByRole('combobox', { name: 'Mẫu văn bản' }).click();
    await page.getByRole('option', { name: `Hợp đồng lao động ${stamp}` }).click();
    await dialog.getByRole('button', { name: 'Xem trước' }).click();
    const preview = dialog.getByRole('document', { name: 'Bản xem trước văn bản' });
    await preview.getByText('Mức lương: 15.000.000 đồng (Mười lăm triệu đồng)').waitFor();
    await expect
      .poll(() => preview.textContent())
      .toContain(`Người lao động: Trần Minh Khoa ${stamp}, Phòng Kinh doanh ${stamp}`);
    expect(await preview.textContent()).toContain('Thời hạn: từ ngày 01/03/2026 đến ngày 28/02/2027');
    expect(await dialog.getByRole('alert').count()).toBe(0);

    const saved = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Tải xuống (.docx)' }).click();
    const download = await saved;
    expect(download.suggestedFilename()).toBe(`Hợp đồng lao động ${stamp} - 07-${stamp}-HĐLĐ.docx`);
    // the file itself is the filled Word document
    const paragraphs = paragraphsOf(await readFile(await download.path()));
    expect(paragraphs).toContain(`Người lao động: Trần Minh Khoa ${stamp}, Phòng Kinh doanh ${stamp}`);
    expect(paragraphs).toContain('Mức lương: 15.000.000 đồng (Mười lăm triệu đồng)');

    // the placeholders are listed for whoever writes the next template
    await dialog.getByText('Các trường trộn dùng được trong mẫu').click();
    await dialog.getByRole('cell', { name: '{salary.inWords}' }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});

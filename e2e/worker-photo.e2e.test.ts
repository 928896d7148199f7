import { describe, expect, it } from 'vitest';
import { accessibilityViolations } from './support/axe.ts';
import { pagePerTest } from './support/browser.ts';
import { postAsPage as post } from './support/page-api.ts';
import { e2eAccounts } from './support/portal-process.ts';
import { signIn } from './support/portal-page.ts';
import { portalsFor } from './support/engines.ts';

const portals = portalsFor();

// The thumbnails' rules (sizes, pixel bombs, who sees what) are proven by the server's suites
// (storage/thumbnails, workers/avatar); the story through the screens runs once, on the default.
describe.each(portals)('an employee’s photo, through the built portal on $engine', ({ baseUrl }) => {
  const tab = pagePerTest(baseUrl);

  it('uploads a photo on the form, shows its thumbnail on the record and in the contacts, and the default avatar for the others', async () => {
    const { page } = tab;
    await signIn(page, e2eAccounts.hrAdmin);
    const stamp = Date.now().toString(36).toUpperCase();
    const unitId = await post(page, '/api/om/organization-units', {
      code: `AN${stamp}`,
      name: `Phòng Truyền thông ${stamp}`,
      typeCode: 'PHONG',
    });
    const workerId = await post(page, '/api/om/workers', {
      code: `NVA${stamp}`,
      fullName: `Đỗ Minh Anh ${stamp}`,
      gender: 'MALE',
      organizationUnitId: unitId,
    });
    const herId = await post(page, '/api/om/workers', {
      code: `NVB${stamp}`,
      fullName: `Đỗ Thu Hà ${stamp}`,
      gender: 'FEMALE',
      organizationUnitId: unitId,
    });

    // a real JPEG portrait, 640×800, drawn by the browser
    const portrait = await page.evaluate(async () => {
      const canvas = document.createElement('canvas');
      canvas.width = 640;
      canvas.height = 800;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no canvas');
      context.fillStyle = '#5b8cc4';
      context.fillRect(0, 0, 640, 800);
      context.fillStyle = '#f2c9a0';
      context.beginPath();
      context.arc(320, 330, 170, 0, Math.PI * 2);
      context.fill();
      const blob = await new Promise<Blob | null>((done) => canvas.toBlob(done, 'image/jpeg', 0.9));
      return [...new Uint8Array(await (blob as Blob).arrayBuffer())];
    });

    await page.goto(`/om/employee/${workerId}/update`);
    const photo = page.getByRole('group', { name: /^Ảnh đại diện/ });
    await photo.waitFor();
    await photo
      .locator('input[type="file"]')
      .setInputFiles({ name: 'Ảnh thẻ.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(portrait) });
    const preview = photo.getByRole('img', { name: 'Ảnh thẻ.jpg' });
    await preview.waitFor();
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(200);
    await page.getByRole('button', { name: 'Lưu', exact: true }).click();

    await page.waitForURL(`**/om/employee/${workerId}/detail`);
    const shown = page.locator('[data-field="avatar"] img');
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalHeight)).toBe(200);
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.goto('/om/contacts');
    await page.getByRole('searchbox', { name: 'Tìm đồng nghiệp' }).fill(stamp);
    const card = (name: string) =>
      page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
    const his = card(`Đỗ Minh Anh ${stamp}`).locator('img');
    const hers = card(`Đỗ Thu Hà ${stamp}`).locator('img');
    await expect.poll(() => his.getAttribute('src')).toMatch(/^blob:/);
    await expect.poll(() => his.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(200);
    // no photo: the default avatar of her gender, a picture, not initials
    const herDefault = await hers.getAttribute('src');
    expect(herDefault).toMatch(/^data:image\/svg\+xml/);
    expect(await accessibilityViolations(page)).toEqual([]);

    // and on her record
    await page.goto(`/om/employee/${herId}/detail`);
    const her = page.locator('[data-field="avatar"] img');
    await her.waitFor();
    expect(await her.getAttribute('src')).toBe(herDefault);
  });
});

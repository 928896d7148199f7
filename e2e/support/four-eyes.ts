import type { Page } from 'playwright-core';

/**
 * System › Configuration, "Phê duyệt": lets requesters approve their own requests (four eyes
 * waived, docs/approvals.md), as a very small team does. For stories in which one HR
 * administrator both requests and approves; a no-op when the tenant already allows it.
 */
export async function allowSelfApproval(page: Page): Promise<void> {
  await page.goto('/system/configuration');
  const allow = page.getByRole('checkbox', { name: 'Cho phép người đề nghị tự phê duyệt' });
  await allow.waitFor();
  if (await allow.isChecked()) return;
  await allow.check();
  await page.getByRole('button', { name: 'Lưu', exact: true }).click();
  await page.getByText('Đã lưu cấu hình').first().waitFor();
}

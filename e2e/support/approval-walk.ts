import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { e2eAccounts } from './portal-process.ts';

/**
 * On an approvable record's page: "Gửi duyệt" through a one-step workflow whose step `step` is
 * assigned to the HR administrator, then "Phê duyệt" as that approver (the tenant lets requesters
 * approve their own requests: four-eyes.ts). Waits for each status the record's page shows.
 */
export async function approveThroughWorkflow(page: Page, workflow: string, step: string): Promise<void> {
  const status = (text: string) => page.locator('[data-field="approvalStatus"]', { hasText: text }).waitFor();
  await status('Mới tạo');
  await page.getByRole('button', { name: 'Gửi duyệt', exact: true }).click();
  const request = page.getByRole('dialog');
  // The dialog moves the focus into itself once open; a list opened before that closes when
  // the focus leaves its box (a CI run waited 30 s for an option of a list closed so).
  await expect
    .poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]'))), {
      timeout: 30_000,
    })
    .toBe(true);
  // the list may open before the templates arrive, or close as the dialog takes the focus:
  // open it again until the workflow is offered (a state, not a pause)
  const box = request.getByRole('combobox', { name: /Chọn quy trình/ });
  const option = page.getByRole('option', { name: workflow });
  await expect
    .poll(
      async () => {
        if (!(await option.isVisible())) await box.click();
        return option.isVisible();
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  await option.click();
  // the step's assignee is fixed by the workflow (a USER step): shown, not chosen
  await expect
    .poll(() => request.getByRole('combobox', { name: `Người xử lý bước ${step}` }).inputValue())
    .toContain(e2eAccounts.hrAdmin.fullName);
  await request.getByRole('button', { name: 'Gửi duyệt', exact: true }).click();
  await request.waitFor({ state: 'detached' });
  await status('Chờ phê duyệt');
  await page.getByRole('button', { name: 'Phê duyệt', exact: true }).click();
  const decision = page.getByRole('dialog');
  await decision.getByRole('textbox').fill('Đồng ý');
  await decision.getByRole('button', { name: 'Phê duyệt', exact: true }).click();
  await decision.waitFor({ state: 'detached' });
  await status('Đã phê duyệt');
  // the timeline says who approved it: the requester themselves
  await page.getByText('Người đề nghị tự phê duyệt').first().waitFor();
}

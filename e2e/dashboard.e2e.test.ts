import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TENANT_DASHBOARD_PATH, type TenantDashboard } from '../shared/contracts/src/modules/dashboard.ts';
import { HEAD_COUNT_BARS } from '../shared/contracts/src/modules/worker-statistics.ts';
import { accessibilityViolations } from './support/axe.ts';
import { pagePerTest } from './support/browser.ts';
import { portalsFor } from './support/engines.ts';
import { allowSelfApproval } from './support/four-eyes.ts';
import { getDataAsPage, postAsPage as post, postDataAsPage } from './support/page-api.ts';
import { e2eAccounts } from './support/portal-process.ts';
import { signIn } from './support/portal-page.ts';

const portals = portalsFor();

/** Every /api answer of the page with status 403, from now on. */
function forbiddenAnswers(page: Page): string[] {
  const refused: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/') && response.status() === 403) refused.push(url.pathname);
  });
  return refused;
}

/** Screenshots for the author's eyes (HCM_SCREENSHOTS=<folder>), never part of the repository. */
async function screenshots(page: Page, name: string) {
  const folder = process.env.HCM_SCREENSHOTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  for (const [width, height] of [
    [1366, 768],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${folder}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 768 });
}

describe.each(portals)('the dashboards, through the built portal on $engine', ({ baseUrl }) => {
  const tab = pagePerTest(baseUrl);

  it('shows the system administrator tenants, licences and health, and makes no forbidden call', async () => {
    const { page } = tab;
    const refused = forbiddenAnswers(page);
    await signIn(page, e2eAccounts.root);
    const numbers = page.getByRole('list', { name: 'Việc cần làm hôm nay' });
    await numbers.getByRole('heading', { name: 'Khách hàng (tenant)' }).waitFor();
    await page.getByText('Hoạt động bình thường').waitFor();
    await page.getByRole('heading', { name: 'Gói dịch vụ sắp hết hạn (30 ngày)' }).first().waitFor();
    expect(await page.getByRole('region', { name: 'Số liệu tổ chức' }).count()).toBe(0);
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshots(page, 'dashboard-system');
    expect(refused).toEqual([]);
  });

  it('gives HR the numbers of the day, each linked to the list showing exactly what it counts', async () => {
    const { page } = tab;
    const refused = forbiddenAnswers(page);
    await signIn(page, e2eAccounts.hrAdmin);
    const stamp = Date.now().toString(36).toUpperCase();
    const unitId = await post(page, '/api/om/organization-units', {
      code: `DB${stamp}`,
      name: `Phòng Bảng tin ${stamp}`,
      typeCode: 'PHONG',
    });
    const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
    const workerId = await post(page, '/api/om/workers', {
      code: `DB${stamp}`,
      fullName: `Người Bảng tin ${stamp}`,
      gender: 'FEMALE',
      organizationUnitId: unitId,
      joinedDate: today,
    });
    const types = await getDataAsPage<{ id: string }[]>(page, '/api/om/contract-types?code=PROBATION');
    const inTen = new Date(Date.now() + 7 * 3_600_000 + 10 * 86_400_000).toISOString().slice(0, 10);
    if (types[0]) {
      const contractId = await post(page, '/api/om/contracts', {
        number: `TV/${stamp}`,
        workerId,
        contractTypeId: types[0].id,
        signingDate: today,
        effectiveDate: today,
        expiryDate: inTen,
        salary: '8500000',
      });
      // signed: the card counts what the expiry notices tell of, signed contracts only
      await approveAsPage(page, `/api/om/contracts/${contractId}`, `DB${stamp}`);
    }
    await page.goto('/dashboard');
    const numbers = page.getByRole('list', { name: 'Việc cần làm hôm nay' });
    const expiring = numbers.getByRole('link', { name: /^Hợp đồng hết hạn trong 30 ngày: \d+$/ });
    await expiring.waitFor();
    const counted = Number((await expiring.textContent())?.replace(/\D/g, ''));
    expect(counted).toBeGreaterThanOrEqual(1);
    await numbers.getByRole('heading', { name: 'Vào làm tháng này', exact: true }).waitFor();
    // the answer carries what the page shows: each card's bars (adding up to the number at
    // work), and the unit list card draws the same unit bars (no second list of units)
    const answer = await getDataAsPage<TenantDashboard>(page, TENANT_DASHBOARD_PATH);
    const unitBars = answer.statistics?.headCounts.organization ?? [];
    expect(unitBars.length).toBeGreaterThanOrEqual(1);
    expect(unitBars.length).toBeLessThanOrEqual(HEAD_COUNT_BARS);
    expect(unitBars.reduce((sum, row) => sum + row.count, 0)).toBe(answer.statistics?.headCount);
    expect(answer.workforce?.headCount).toBe(answer.statistics?.headCount);
    expect(answer.workforce).not.toHaveProperty('byUnit');
    const unitList = page.locator('[data-slot="by-unit"]').getByRole('listitem');
    await expect.poll(() => unitList.count()).toBe(unitBars.length);
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshots(page, 'dashboard-hr');
    await expiring.click();
    await page.waitForURL(/\/om\/contract\?q=/);
    // the list the number leads to shows exactly as many contracts
    await page.getByText(`TV/${stamp}`).waitFor();
    expect(await page.getByRole('table').getByRole('row').count()).toBe(counted + 1);
    expect(refused).toEqual([]);
  });
});

/**
 * Approves the record at `recordPath` through a one-step workflow whose step is the signed-in
 * user's, the tenant letting a requester approve their own request (support/four-eyes.ts).
 */
async function approveAsPage(page: Page, recordPath: string, code: string) {
  const me = await getDataAsPage<{ id: string }>(page, '/api/iam/me/profile');
  const workflowTemplateId = await post(page, '/api/system/workflow-templates', {
    code,
    name: `Duyệt hợp đồng ${code}`,
    workflowTemplateTypes: ['CONTRACT'],
    steps: [
      { name: 'Duyệt', assignmentType: 'USER', assignmentId: me.id, slaAmount: 1, slaUnit: 'WORKING_DAYS' },
    ],
  });
  await allowSelfApproval(page);
  await postDataAsPage(page, `${recordPath}/request-approval`, {
    workflowTemplateId,
    steps: [{ workFlowStepTemplateId: `${workflowTemplateId}#1`, assigneeUserId: me.id }],
  });
  await postDataAsPage(page, `${recordPath}/approve`, { note: 'Đồng ý' });
}

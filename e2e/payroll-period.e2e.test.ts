import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { PayPeriodTrace } from '../shared/contracts/src/modules/pay-periods.ts';
import { approveThroughWorkflow } from './support/approval-walk.ts';
import { accessibilityViolations } from './support/axe.ts';
import { pagePerTest } from './support/browser.ts';
import { portalsFor } from './support/engines.ts';
import { allowSelfApproval } from './support/four-eyes.ts';
import { getDataAsPage, postAsPage, postDataAsPage } from './support/page-api.ts';
import { e2eAccounts, repoRoot } from './support/portal-process.ts';
import { signIn } from './support/portal-page.ts';
import { waitForQuiet } from './support/quiet.ts';

const portals = portalsFor();
const SCREENSHOTS = join(repoRoot, '.cache/screenshots');
const STEP = 'Kế toán trưởng duyệt';

/** 'YYYY-MM-DD' of a calendar date (dates are built with Date.UTC: no zone involved). */
const iso = (date: Date) => date.toISOString().slice(0, 10);
/** Whole đồng as the pages write them: 20.000.000. */
const money = (amount: number) => amount.toLocaleString('de-DE');

/** Picks `option` in the reference picker `label` after typing `search`. */
async function pick(page: Page, label: string | RegExp, search: string, option: string | RegExp) {
  const box = page.getByRole('combobox', { name: label });
  await box.click();
  await box.pressSequentially(search);
  await page.getByRole('option', { name: option }).first().click();
}

/** Waits until the element's text holds `text` (a state, not a pause). */
const shows = (target: Locator, text: string, timeout = 15_000) =>
  expect.poll(async () => (await target.textContent()) ?? '', { timeout }).toContain(text);

/** Axe's judgement of the page once it is quiet: nothing to say. */
async function judged(page: Page) {
  await waitForQuiet(page);
  expect(await accessibilityViolations(page)).toEqual([]);
}

/*
 * Issue 32's payroll month, end to end on the built portal (docs/payroll-app.md "Pay periods",
 * docs/payroll-periods.md). Set up through the API as the timekeeping story proves it in the
 * browser: a workshop, two workers with approved contracts of 20,000,000 and 15,000,000, office
 * hours Monday to Friday, a time clock pushing every working day of last month, the unit's
 * timesheet approved (the month locked), a salary period and a bonus input component. Then, in
 * the browser: HR writes a formula component in the formula editor and puts it into a new
 * template; makes a pay period of the workshop with it; computes it, the progress bar following
 * the job; reads the totals, the detailed table and one worker's trace (each value the formula
 * read, the result to the đồng); types her bonus in the trace, the worker computed again; sends
 * the sheet for approval, approves it and locks it. Axe on every screen; screenshots at desktop
 * and phone sizes (.cache/screenshots/payroll-period-*).
 */
describe.each(portals)('a payroll month on $engine', ({ baseUrl, engine }) => {
  const tab = pagePerTest(baseUrl);

  it('HR builds a template, computes, reviews, adjusts, approves and locks a month’s payroll', async () => {
    const { page } = tab;
    mkdirSync(SCREENSHOTS, { recursive: true });
    const shot = (name: string) =>
      page.screenshot({ path: join(SCREENSHOTS, `payroll-period-${name}-${engine}.png`), fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, e2eAccounts.hrAdmin);
    const stamp = Date.now().toString(36).toUpperCase();

    // One workflow for the calendar, the contracts, the timesheet and the pay period; four eyes
    // waived (one HR administrator is the whole team here).
    const me = await getDataAsPage<{ id: string }>(page, '/api/iam/me/profile');
    const workflow = `Duyệt lương ${stamp}`;
    const workflowId = await postAsPage(page, '/api/system/workflow-templates', {
      code: `QL${stamp}`,
      name: workflow,
      workflowTemplateTypes: ['WORK_CALENDAR', 'CONTRACT', 'TIMESHEET', 'PAY_PERIOD'],
      steps: [{ name: STEP, assignmentType: 'USER', assignmentId: me.id, slaAmount: 1, slaUnit: 'HOURS' }],
    });
    await allowSelfApproval(page);
    const approve = async (apiPath: string, id: string) => {
      await postDataAsPage(page, `${apiPath}/${id}/request-approval`, {
        workflowTemplateId: workflowId,
        steps: [{ workFlowStepTemplateId: `${workflowId}#1`, assigneeUserId: me.id }],
      });
      await postDataAsPage(page, `${apiPath}/${id}/approve`, { note: 'Đồng ý' });
    };

    // Last month: the month the payroll pays, its timesheet locked.
    const now = new Date(Date.now() + 7 * 3_600_000);
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
    const monthEnd = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
    const month = iso(monthStart).slice(0, 7);
    const shownMonth = `${month.slice(5, 7)}/${month.slice(0, 4)}`;

    // The workshop, its two workers and their contracts.
    const unitCode = `XL${stamp}`;
    const unitName = `Xưởng lương ${stamp}`;
    const unitId = await postAsPage(page, '/api/om/organization-units', {
      code: unitCode,
      name: unitName,
      typeCode: 'PHONG',
    });
    const mai = { name: `Nguyễn Thị Mai ${stamp}`, code: `NVM${stamp}`, salary: 20_000_000 };
    const tuan = { name: `Trần Văn Tuấn ${stamp}`, code: `NVT${stamp}`, salary: 15_000_000 };
    const contractTypes = await getDataAsPage<{ id: string }[]>(page, '/api/om/contract-types?pageSize=1');
    const contractTypeId = contractTypes[0]?.id;
    if (!contractTypeId) throw new Error('the demo tenant has no contract type');
    const ids: Record<string, string> = {};
    for (const [n, worker] of [mai, tuan].entries()) {
      ids[worker.code] = await postAsPage(page, '/api/om/workers', {
        code: worker.code,
        fullName: worker.name,
        gender: n === 0 ? 'FEMALE' : 'MALE',
        organizationUnitId: unitId,
        joinedDate: '2024-01-02',
      });
      const contractId = await postAsPage(page, '/api/om/contracts', {
        number: `${n + 1}${stamp}/HĐLĐ`,
        workerId: ids[worker.code],
        contractTypeId,
        signingDate: '2024-01-02',
        effectiveDate: '2024-01-02',
        salary: String(worker.salary),
      });
      await approve('/api/om/contracts', contractId);
    }

    // Office hours Monday to Friday; the gate's clock pushes every working day of the month.
    const shiftId = await postAsPage(page, '/api/tm/work-shifts', {
      code: `HC${stamp}`,
      name: `Hành chính ${stamp}`,
      kind: 'FIXED',
      startTime: '08:00',
      endTime: '17:00',
      breaks: [{ startTime: '12:00', endTime: '13:00', paid: false }],
      requiredHours: '8',
      workingDays: '1',
      coefficient: '1',
    });
    const calendarId = await postAsPage(page, '/api/tm/work-calendars', {
      code: `LLV${stamp}`,
      name: `Giờ hành chính ${stamp}`,
      targetType: 'UNIT',
      organizationUnitId: unitId,
      fromDate: iso(monthStart),
      patternType: 'WEEKLY',
      weekdays: ['MON', 'TUE', 'WED', 'THU', 'FRI'],
      workShiftId: shiftId,
    });
    await approve('/api/tm/work-calendars', calendarId);
    const calendar = await getDataAsPage<{ days: { date: string; type: string }[] }>(
      page,
      `/api/tm/calendar-days?from=${iso(monthStart)}&to=${iso(monthEnd)}&organizationUnitId=${unitId}`,
    );
    const working = calendar.days.filter((d) => d.type === 'WORKING_DAY').map((d) => d.date);
    const serial = `PL${stamp}`;
    const deviceId = await postAsPage(page, '/api/tm/devices', {
      code: `MCC${stamp}`,
      name: `Cổng xưởng lương ${stamp}`,
      serialNumber: serial,
    });
    await postAsPage(page, '/api/tm/device-users', { deviceId, workerId: ids[mai.code], pin: '201' });
    await postAsPage(page, '/api/tm/device-users', { deviceId, workerId: ids[tuan.code], pin: '202' });
    const iclock = async (path: string, body?: string) => {
      const res = await fetch(`${baseUrl}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'content-type': 'text/plain' },
        ...(body === undefined ? {} : { body }),
      });
      expect(res.status, path).toBe(200);
      return res.text();
    };
    await iclock(`/iclock/cdata?SN=${serial}&options=all&pushver=2.4.1`);
    const punches = working.flatMap((day) =>
      ['201', '202'].flatMap((pin) => [
        `${pin}\t${day} 07:55:00\t0\t1\t0\t0\t0`,
        `${pin}\t${day} 17:05:00\t1\t1\t0\t0\t0`,
      ]),
    );
    expect(await iclock(`/iclock/cdata?SN=${serial}&table=ATTLOG&Stamp=1`, punches.join('\n'))).toBe(
      `OK: ${punches.length}`,
    );
    // the engine computes the days (a job): wait for the last one, then lock the month
    await expect
      .poll(
        async () => {
          const grid = await getDataAsPage<{ rows: { code: string; totals: { workUnits: number } }[] }>(
            page,
            `/api/tm/general-timesheet?organizationUnitId=${unitId}&month=${month}`,
          );
          return grid.rows.map((row) => row.totals.workUnits);
        },
        { timeout: 90_000 },
      )
      .toEqual([working.length * 1000, working.length * 1000]);
    const timesheetId = await postAsPage(page, '/api/tm/timesheets', {
      code: `BCC${stamp}`,
      name: `Bảng chấm công ${unitName} ${shownMonth}`,
      organizationUnitId: unitId,
      month,
    });
    await approve('/api/tm/timesheets', timesheetId);

    // The month paid, and the bonus HR types per worker.
    const salaryPeriodName = `Kỳ lương ${shownMonth} ${stamp}`;
    await postAsPage(page, '/api/pm/salary-periods', {
      code: `KL${stamp}`,
      name: salaryPeriodName,
      periodMonth: iso(monthStart),
    });
    const bonus = `THUONG_${stamp}`;
    await postAsPage(page, '/api/pm/salary-components', {
      code: bonus,
      name: `Thưởng tháng ${stamp}`,
      valueType: 'MONEY',
      source: 'INPUT',
      category: 'EARNING',
      taxable: true,
      insurable: false,
      roundingMode: 'NONE',
    });

    // HR writes the pay for the days worked in the formula editor.
    const pay = `LUONG_CONG_${stamp}`;
    const formulaText = `ROUND(LUONG_HOP_DONG / CONG_CHUAN * CONG_THUC_TE, 0) + ${bonus}`;
    await page.goto('/pm/payroll-composit/create');
    await page.getByRole('heading', { level: 1, name: /Thêm mới thành phần lương/i }).waitFor();
    await page.getByRole('textbox', { name: /^Mã/ }).fill(pay);
    await page.getByRole('textbox', { name: /^Tên\s*\*?$/ }).fill(`Lương theo công ${stamp}`);
    await page.getByRole('combobox', { name: /^Nguồn giá trị/ }).click();
    await page.getByRole('option', { name: 'Công thức' }).click();
    const formula = page.getByRole('combobox', { name: /^Công thức/ });
    await formula.click();
    await page.keyboard.type(formulaText);
    await page.keyboard.press('Escape');
    expect(await formula.inputValue()).toBe(formulaText);
    await page.getByRole('button', { name: 'Lưu', exact: true }).click();
    await page.waitForURL(/\/pm\/payroll-composit\/[^/]+\/detail$/);

    // ... and a template of it and the bonus it reads.
    await page.goto('/pm/payroll-template/create');
    await page.getByRole('heading', { level: 1, name: /Thêm mới mẫu bảng lương/i }).waitFor();
    const templateName = `Bảng lương xưởng ${stamp}`;
    await page.getByRole('textbox', { name: /^Mã/ }).fill(`MBL${stamp}`);
    await page.getByRole('textbox', { name: /^Tên\s*\*?$/ }).fill(templateName);
    const picker = page.getByRole('combobox', { name: 'Thêm thành phần lương' });
    await picker.click();
    await picker.fill(pay);
    await page.getByRole('option', { name: new RegExp(`^${pay}`) }).click();
    await page.getByRole('button', { name: `Thêm ${bonus}` }).click();
    await page
      .getByRole('group', { name: 'Bố cục phiếu lương' })
      .getByRole('button', { name: /^Thêm 2 thành phần chưa có trên phiếu/ })
      .click();
    await page.getByRole('button', { name: 'Lưu', exact: true }).click();
    await page.waitForURL(/\/pm\/payroll-template\/[^/]+\/detail$/);

    // The pay period of the workshop for the month.
    const sheetCode = `BL${stamp}`;
    await page.goto('/pm/pay-period/create');
    await page.getByRole('heading', { level: 1, name: /Thêm mới bảng lương/i }).waitFor();
    await page.getByRole('textbox', { name: /^Mã/ }).fill(sheetCode);
    await page.getByRole('textbox', { name: /^Tên\s*\*?$/ }).fill(`Bảng lương ${unitName} ${shownMonth}`);
    await pick(page, /^Kỳ trả lương/, stamp, new RegExp(salaryPeriodName));
    await pick(page, /^Mẫu bảng lương/, stamp, new RegExp(templateName));
    await pick(page, /^Đơn vị/, unitCode, new RegExp(unitName));
    await judged(page);
    await page.getByRole('button', { name: 'Lưu', exact: true }).click();
    await page.waitForURL(/\/pm\/pay-period\/[^/]+\/detail$/);
    const sheetId = /\/pm\/pay-period\/([^/]+)\/detail$/.exec(page.url())?.[1] ?? '';
    await page.getByText('Chưa tính', { exact: true }).first().waitFor();

    // Computed as a job, its progress followed by the page.
    await page.getByRole('button', { name: 'Tính lương', exact: true }).click();
    await page.getByRole('progressbar', { name: `Đang tính bảng lương ${sheetCode}` }).waitFor();
    await page
      .getByRole('progressbar', { name: `Đang tính bảng lương ${sheetCode}` })
      .waitFor({ state: 'detached', timeout: 60_000 });
    const summary = page.getByRole('region', { name: 'Tổng hợp bảng lương: Tổng cộng (VNĐ)' });
    await summary.waitFor();
    await page.locator('[data-field="computeStatus"]', { hasText: 'Đã tính' }).waitFor();
    const traceOf = (workerId: string) =>
      getDataAsPage<PayPeriodTrace>(page, `/api/pm/pay-periods/${sheetId}/workers/${workerId}/trace`);
    const read = (trace: PayPeriodTrace, name: string) =>
      Number(trace.components.flatMap((c) => c.reads).find((r) => r.name === name)?.value);
    const before = await traceOf(ids[mai.code] ?? '');
    const standard = read(before, 'CONG_CHUAN');
    expect(read(before, 'CONG_THUC_TE')).toBe(working.length);
    // Excel's ROUND to the đồng of the contract's salary per standard day times the days worked
    const maiPay = Math.round((mai.salary * working.length) / standard);
    const tuanPay = Math.round((tuan.salary * working.length) / standard);
    expect(before.components.find((c) => c.code === pay)?.value).toBe(maiPay);
    await shows(summary.getByRole('row').filter({ hasText: pay }), money(maiPay + tuanPay));
    await judged(page);
    await shot('sheet-desktop');

    // The detailed table, and Mai's trace.
    await page.getByRole('button', { name: 'Xem bảng lương chi tiết' }).click();
    await page.getByRole('heading', { level: 1, name: 'Bảng lương chi tiết' }).waitFor();
    const grid = page.getByRole('grid', { name: `Bảng lương ${sheetCode} tháng ${shownMonth}` });
    await grid.waitFor();
    const maiRow = grid.getByRole('row').filter({ has: page.getByRole('rowheader', { name: mai.name }) });
    await shows(maiRow, money(maiPay));
    await judged(page);
    await shot('detail-desktop');
    await maiRow.getByRole('rowheader').click();
    await page.getByText(`Nhân viên đang chọn: ${mai.code} – ${mai.name}`).waitFor();
    await page.getByRole('button', { name: 'Xem diễn giải' }).click();
    const trace = page.getByRole('dialog', { name: `Diễn giải lương: ${mai.code} – ${mai.name}` });
    const step = trace.getByRole('listitem').filter({ hasText: pay }).first();
    await step.getByText(formulaText).waitFor();
    await shows(
      step.locator('dt', { hasText: 'LUONG_HOP_DONG' }).locator('xpath=following-sibling::dd[1]'),
      money(mai.salary),
    );
    await shows(step, `Kết quả: ${money(maiPay)}`);
    await judged(page);
    await shot('trace-desktop');

    // Her bonus, typed in the trace: she is computed again at once.
    await trace.getByRole('textbox', { name: `Dữ liệu nhập: Thưởng tháng ${stamp}` }).fill('1500000');
    await trace
      .getByRole('listitem')
      .filter({ hasText: bonus })
      .getByRole('button', { name: 'Lưu và tính lại' })
      .click();
    await shows(step, `Kết quả: ${money(maiPay + 1_500_000)}`);
    await trace.getByRole('button', { name: 'Tính lại nhân viên này' }).click();
    await shows(step, `Kết quả: ${money(maiPay + 1_500_000)}`);
    await trace.getByRole('button', { name: 'Đóng' }).click();
    await trace.waitFor({ state: 'detached' });
    await shows(maiRow, money(maiPay + 1_500_000));

    // Sent for approval, approved and locked on the sheet's page.
    await page.goto(`/pm/pay-period/${sheetId}/detail`);
    await summary.waitFor();
    await shows(summary.getByRole('row').filter({ hasText: pay }), money(maiPay + tuanPay + 1_500_000));
    await approveThroughWorkflow(page, workflow, STEP);
    await page.getByRole('button', { name: 'Khoá bảng lương' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('button', { name: 'Đồng ý' }).click();
    await page.locator('[data-field="lockedAt"]', { hasText: 'Đã khoá' }).waitFor();
    // a locked sheet is computed no more: the button is gone
    expect(await page.getByRole('button', { name: 'Tính lại toàn bộ' }).count()).toBe(0);
    await judged(page);
    await shot('locked-desktop');

    // A phone: the sheet, the table with the name pinned, the trace.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await summary.waitFor();
    await judged(page);
    await shot('sheet-phone');
    await page.goto(`/pm/detail-payroll?payPeriod=${sheetId}`);
    await grid.waitFor();
    await page.getByText(/Bảng lương đã khoá/).waitFor();
    await judged(page);
    await shot('detail-phone');
    await maiRow.getByRole('rowheader').click();
    await page.getByRole('button', { name: 'Xem diễn giải' }).click();
    await step.getByText(formulaText).waitFor();
    await judged(page);
    await shot('trace-phone');
  });
});

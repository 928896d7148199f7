import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dayCell, type GeneralTimesheetPage } from '../shared/contracts/src/modules/general-timesheet.ts';
import type { LeaveBalanceView } from '../shared/contracts/src/modules/leave-applications.ts';
import { allOf } from '../scripts/testing/all-of.ts';
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
const STEP = 'Trưởng bộ phận duyệt';
const PHONE = { width: 390, height: 844 };

const iso = (date: Date) => date.toISOString().slice(0, 10);
/** 'dd/MM/yyyy' as a user types a date. */
const typed = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
/** A labelled input of a form (a required star may follow its label). */
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\s*\\*?$`));

/** Picks `option` in the picker `label` after typing `search` (a reference's auto-complete). */
async function pick(page: Page, label: string | RegExp, search: string, option: string | RegExp) {
  const box = page.getByRole('combobox', { name: label });
  await box.click();
  if (search) await box.pressSequentially(search);
  await page.getByRole('option', { name: option }).first().click();
}

/** A phone-sized page signed in as `account`. */
async function phoneOf(
  browser: Browser,
  baseUrl: string,
  account: { username: string; password: string; fullName: string },
) {
  const context = await browser.newContext({
    baseURL: baseUrl,
    locale: 'vi-VN',
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await signIn(page, account);
  return { page, close: () => context.close() };
}

/** "Gửi duyệt" on a record's page through `workflow`, whose one step is assigned to `assignee`. */
async function requestApproval(page: Page, workflow: string, assignee: string) {
  await page.getByRole('button', { name: 'Gửi duyệt', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect
    .poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]'))), {
      timeout: 30_000,
    })
    .toBe(true);
  const box = dialog.getByRole('combobox', { name: /Chọn quy trình/ });
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
  await expect
    .poll(() => dialog.getByRole('combobox', { name: `Người xử lý bước ${STEP}` }).inputValue())
    .toContain(assignee);
  await dialog.getByRole('button', { name: 'Gửi duyệt', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.locator('[data-field="approvalStatus"]', { hasText: 'Chờ phê duyệt' }).waitFor();
}

/*
 * Issue 31's self-service story on the built portal (docs/leave.md, request-documents.md,
 * overtime-registrations.md). An employee on a 390 px phone asks for Thursday and Friday morning
 * of annual leave (1.5 days), seeing her balance on the form; her manager, told by the bell,
 * opens the application from it and approves; the general timesheet shows P on those days and the
 * balance has dropped by 1.5. Then an overtime registration over the month's 40 hours is refused
 * with the cap and the hours already registered. Axe on every screen; screenshots at phone size.
 */
describe.each(portals)('leave and overtime from a phone on $engine', ({ baseUrl, engine }) => {
  const tab = pagePerTest(baseUrl);

  it('an employee asks for 1.5 days of leave, her manager approves it from the bell, and the timesheet and balance follow', async () => {
    const { page } = tab;
    mkdirSync(SCREENSHOTS, { recursive: true });
    const shot = (target: Page, name: string) =>
      target.screenshot({ path: join(SCREENSHOTS, `leave-${name}-${engine}.png`) });
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, e2eAccounts.hrAdmin);
    const stamp = Date.now().toString(36).toUpperCase();
    await allowSelfApproval(page);
    const me = await getDataAsPage<{ id: string }>(page, '/api/iam/me/profile');

    // A unit on office hours; its manager and one employee, each with an account.
    const unitName = `Phòng kế toán ${stamp}`;
    const unitId = await postAsPage(page, '/api/om/organization-units', {
      code: `KT${stamp}`,
      name: unitName,
      typeCode: 'PHONG',
    });
    const employeeRole = await postAsPage(page, '/api/iam/roles', {
      code: `NV${stamp}`,
      name: `Nhân viên ${stamp}`,
      dataScope: 'SELF',
      permissions: [
        // the documents' own permissions only: filing opens the forms' pickers (her own record,
        // the leave types, the workflows of these kinds), docs/request-documents.md
        'leave_request.view',
        'leave_request.create',
        'leave_request.update',
        'leave_request.request-approval',
        'overtime_registration.view',
        'overtime_registration.create',
        'overtime_registration.request-approval',
      ],
    });
    const managerRole = await postAsPage(page, '/api/iam/roles', {
      code: `TP${stamp}`,
      name: `Trưởng phòng ${stamp}`,
      dataScope: 'TENANT',
      permissions: ['leave_request.view', 'leave_request.approve', 'leave_request.reject', 'timesheet.view'],
    });
    const account = async (username: string, fullName: string, roleId: string) => {
      const made = { username: `${username}_${stamp.toLowerCase()}`, password: 'Nghi-Phep#2026', fullName };
      const saved = await postDataAsPage<{ user: { id: string } }>(page, '/api/iam/users', {
        ...made,
        roleIds: [roleId],
        passwordChangeRequired: false,
      });
      return { ...made, id: saved.user.id };
    };
    const employee = await account('mai', `Phạm Thị Mai ${stamp}`, employeeRole);
    const manager = await account('tuan', `Đỗ Minh Tuấn ${stamp}`, managerRole);
    const maiCode = `NVM${stamp}`;
    const maiId = await postAsPage(page, '/api/om/workers', {
      code: maiCode,
      fullName: employee.fullName,
      gender: 'FEMALE',
      organizationUnitId: unitId,
      joinedDate: '2023-02-01',
      userId: employee.id,
    });
    const workflow = `Duyệt đơn từ ${stamp}`;
    await postAsPage(page, '/api/system/workflow-templates', {
      code: `DT${stamp}`,
      name: workflow,
      workflowTemplateTypes: ['LEAVE_REQUEST', 'OVERTIME'],
      steps: [
        { name: STEP, assignmentType: 'USER', assignmentId: manager.id, slaAmount: 1, slaUnit: 'DAYS' },
      ],
    });
    const calendarsWorkflow = `Duyệt lịch ${stamp}`;
    const calendarsWorkflowId = await postAsPage(page, '/api/system/workflow-templates', {
      code: `LL${stamp}`,
      name: calendarsWorkflow,
      workflowTemplateTypes: ['WORK_CALENDAR'],
      steps: [
        {
          name: 'Nhân sự duyệt',
          assignmentType: 'USER',
          assignmentId: me.id,
          slaAmount: 1,
          slaUnit: 'HOURS',
        },
      ],
    });

    // Last month: a Thursday and Friday that are working days for the unit.
    const now = new Date();
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
    const month = iso(monthStart).slice(0, 7);
    const monthEnd = iso(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0)));
    const calendar = (
      await getDataAsPage<{ days: { date: string; type: string }[] }>(
        page,
        `/api/tm/calendar-days?from=${iso(monthStart)}&to=${monthEnd}&organizationUnitId=${unitId}`,
      )
    ).days;
    const working = calendar.filter((d) => d.type === 'WORKING_DAY').map((d) => d.date);
    const pair = working
      .filter((d) => new Date(`${d}T00:00:00Z`).getUTCDay() === 4)
      .map((thursday) => [thursday, iso(new Date(Date.parse(`${thursday}T00:00:00Z`) + 86_400_000))])
      .find((days) => allOf(days, (d) => working.includes(d)));
    if (!pair) throw new Error(`no working Thursday and Friday in ${month}`);
    const [thursday, friday] = pair as [string, string];

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
    await postDataAsPage(page, `/api/tm/work-calendars/${calendarId}/request-approval`, {
      workflowTemplateId: calendarsWorkflowId,
      steps: [{ workFlowStepTemplateId: `${calendarsWorkflowId}#1`, assigneeUserId: me.id }],
    });
    await postDataAsPage(page, `/api/tm/work-calendars/${calendarId}/approve`, { note: 'Đồng ý' });
    // Her annual leave of the year: HR runs the year's accrual now, as the daily run at 00:30
    // would (so a scheduled run during the story — a portal started within its catch-up window —
    // writes nothing more for her), then records the opening balance that makes it 12 days.
    const year = Number(thursday.slice(0, 4));
    await postDataAsPage(page, '/api/tm/leave-accruals', { year });
    const accrued = await getDataAsPage<LeaveBalanceView>(
      page,
      `/api/tm/leave-balances/${maiId}?year=${year}`,
    );
    const opening = 12_000 - Math.round(Number(accrued.balance) * 1000);
    if (opening !== 0)
      await postDataAsPage(page, `/api/tm/leave-balances/${maiId}/adjustments`, {
        year,
        days: (opening / 1000).toFixed(3),
        onDay: `${year}-01-01`,
        reason: 'Số dư phép đầu năm',
      });

    const browser = page.context().browser();
    if (!browser) throw new Error('no browser');
    const mai = await phoneOf(browser, baseUrl, employee);
    try {
      // On her phone: the application, with her balance on the form.
      const phone = mai.page;
      // from her own page, a tap on the leave quick action
      await phone.goto(`/tm/my-timekeeping?month=${month}`);
      await phone.getByRole('heading', { level: 1, name: 'Công của tôi' }).waitFor();
      await phone
        .getByRole('region', { name: 'Tạo đơn' })
        .getByRole('link', { name: /Đơn xin nghỉ/ })
        .click();
      await phone.waitForURL(/\/tm\/application-leave\/create\?workerId=/);
      await phone.getByRole('heading', { level: 1, name: /đơn xin nghỉ|đơn nghỉ phép/i }).waitFor();
      await pick(phone, /^Loại nghỉ/, 'hằng năm', /Nghỉ hằng năm/);
      await field(phone, 'Từ ngày').fill(typed(thursday));
      await field(phone, 'Từ ngày').blur();
      await field(phone, 'Đến ngày').fill(typed(friday));
      await field(phone, 'Đến ngày').blur();
      await pick(phone, /^Ngày cuối nghỉ/, '', /Hết nửa đầu ca/);
      await phone.getByRole('textbox', { name: /^Lý do/ }).fill('Về quê dự đám cưới em gái');
      const yearBalance = phone.getByRole('region', { name: `Số dư phép năm ${year}` });
      await expect.poll(() => yearBalance.innerText()).toContain('12 ngày');
      await waitForQuiet(phone);
      expect(await accessibilityViolations(phone)).toEqual([]);
      await shot(phone, 'application-form-phone');
      await phone.getByRole('button', { name: 'Lưu', exact: true }).click();
      await phone.locator('[data-field="days"]', { hasText: /1[,.]5/ }).waitFor();
      await requestApproval(phone, workflow, manager.fullName);
      await waitForQuiet(phone);
      expect(await accessibilityViolations(phone)).toEqual([]);
      await shot(phone, 'application-sent-phone');

      // Her manager hears of it in the bell, opens it from there and approves.
      const tuan = await phoneOf(browser, baseUrl, manager);
      try {
        const boss = tuan.page;
        await boss.goto('/');
        // the dashboard counts it too, as the bell does (a timekeeping document awaiting him)
        await boss.getByRole('link', { name: 'Chờ tôi duyệt: 1' }).waitFor({ timeout: 60_000 });
        const bell = boss.getByRole('button', { name: /^Thông báo, \d+ chưa đọc$/ });
        await bell.waitFor({ timeout: 60_000 });
        await bell.click();
        const panel = boss.getByRole('dialog', { name: 'Thông báo' });
        const notice = panel.getByRole('button', {
          name: new RegExp(`Chờ bạn phê duyệt: .*${employee.fullName}`),
        });
        await notice.first().waitFor();
        expect(await accessibilityViolations(boss)).toEqual([]);
        await shot(boss, 'manager-bell-phone');
        await notice.first().click();
        await boss.waitForURL('**/tm/application-leave/**');
        await boss.getByRole('button', { name: 'Phê duyệt', exact: true }).click();
        const decision = boss.getByRole('dialog');
        await decision.getByRole('textbox').fill('Đồng ý, chúc em đi vui');
        await decision.getByRole('button', { name: 'Phê duyệt', exact: true }).click();
        await decision.waitFor({ state: 'detached' });
        await boss.locator('[data-field="approvalStatus"]', { hasText: 'Đã phê duyệt' }).waitFor();
        await waitForQuiet(boss);
        expect(await accessibilityViolations(boss)).toEqual([]);
        await shot(boss, 'manager-approved-phone');
      } finally {
        await tuan.close();
      }

      // The timesheet shows the leave on those days, and her balance has dropped by 1.5.
      const dayOf = async (day: string) => {
        const data = await getDataAsPage<GeneralTimesheetPage>(
          page,
          `/api/tm/general-timesheet?organizationUnitId=${unitId}&month=${month}`,
        );
        const row = data.rows.find((r) => r.code === maiCode);
        return row ? dayCell(data.texts, row.columns, data.days.indexOf(day)) : null;
      };
      await expect.poll(async () => (await dayOf(thursday))?.symbol ?? null, { timeout: 60_000 }).toBe('P');
      expect((await dayOf(friday))?.symbol ?? '').toContain('P');
      const after = await getDataAsPage<LeaveBalanceView>(
        page,
        `/api/tm/leave-balances/${maiId}?year=${year}`,
      );
      expect(after).toMatchObject({ taken: '1.500', balance: '10.500' });
      await phone.reload();
      await phone.locator('[data-field="approvalStatus"]', { hasText: 'Đã phê duyệt' }).waitFor();
      await expect.poll(() => yearBalance.innerText()).toContain('10,5 ngày');
      await waitForQuiet(phone);
      expect(await accessibilityViolations(phone)).toEqual([]);
      await shot(phone, 'application-approved-phone');
      // her own page: P on Thursday, 10.5 days left
      await phone.goto(`/tm/my-timekeeping?month=${month}`);
      const days = phone.getByRole('table', {
        name: `Lịch công tháng ${month.slice(5)}/${month.slice(0, 4)}`,
      });
      await days
        .getByRole('button', { name: new RegExp(`, ${thursday.slice(8)}/${thursday.slice(5, 7)}: P$`) })
        .waitFor();
      await phone
        .getByRole('region', { name: `Phép năm ${year}` })
        .getByText('10,5 ngày')
        .first()
        .waitFor();
      await waitForQuiet(phone);
      expect(await accessibilityViolations(phone)).toEqual([]);
      await shot(phone, 'my-timekeeping-phone');

      // Overtime past the month's 40 hours: ten evenings of 4 hours are registered already.
      const evenings = working.filter((d) => d !== thursday && d !== friday).slice(0, 11);
      for (const day of evenings.slice(0, 10))
        await postAsPage(page, '/api/tm/overtime-registrations', {
          workerId: maiId,
          workDate: day,
          fromTime: '17:30',
          toTime: '21:30',
          reason: 'Quyết toán cuối tháng',
        });
      await phone.goto(`/tm/overtime/create?workerId=${maiId}`);
      await phone.getByRole('heading', { level: 1, name: /làm thêm giờ/i }).waitFor();
      await field(phone, 'Ngày làm thêm').fill(typed(evenings[10] as string));
      await field(phone, 'Ngày làm thêm').blur();
      await phone.getByRole('textbox', { name: /^Từ giờ/ }).fill('17:30');
      await phone.getByRole('textbox', { name: /^Đến giờ/ }).fill('18:30');
      await phone.getByRole('textbox', { name: /^Lý do/ }).fill('Hoàn thành báo cáo thuế');
      await phone.getByRole('button', { name: 'Lưu', exact: true }).click();
      await phone
        .getByText(/Vượt giới hạn làm thêm 40 giờ\/tháng: đã đăng ký 40 giờ/)
        .first()
        .waitFor();
      await waitForQuiet(phone);
      expect(await accessibilityViolations(phone)).toEqual([]);
      await shot(phone, 'overtime-refused-phone');
    } finally {
      await mai.close();
    }
  });
});

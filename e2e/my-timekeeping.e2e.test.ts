import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dayCell, type GeneralTimesheetPage } from '../shared/contracts/src/modules/general-timesheet.ts';
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
/** 'YYYY-MM-DD' of a calendar date (built with Date.UTC: no zone involved). */
const iso = (date: Date) => date.toISOString().slice(0, 10);

/*
 * An employee's own timekeeping on the built portal (docs/my-timekeeping.md): HR gives a worker
 * an account holding only her own record and the leave and overtime documents, and 12 days of
 * annual leave; signed in on a 390 px phone, then at desktop width, she sees her month as a
 * calendar, her balance, the quick actions to create a request for herself (her worker preset,
 * her name in the form) and her requests. Axe on each screen; screenshots in .cache/screenshots.
 */
describe.each(portals)('my timekeeping on $engine', ({ baseUrl, engine }) => {
  const tab = pagePerTest(baseUrl);

  it('an employee with a linked worker sees her month, balance and quick actions on a phone', async () => {
    const { page } = tab;
    mkdirSync(SCREENSHOTS, { recursive: true });
    const shot = (target: Page, name: string) =>
      target.screenshot({ path: join(SCREENSHOTS, `my-timekeeping-${name}-${engine}.png`), fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, e2eAccounts.hrAdmin);
    const stamp = Date.now().toString(36).toUpperCase();
    // last month: its days are past, so the engine has written them
    const now = new Date();
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
    const month = iso(monthStart).slice(0, 7);
    const monthEnd = iso(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0)));
    const year = monthStart.getUTCFullYear();
    const me = await getDataAsPage<{ id: string }>(page, '/api/iam/me/profile');
    const workflowId = await postAsPage(page, '/api/system/workflow-templates', {
      code: `CT${stamp}`,
      name: `Duyệt chấm công ${stamp}`,
      workflowTemplateTypes: ['WORK_CALENDAR', 'LEAVE_REQUEST'],
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
    await allowSelfApproval(page);

    const unitId = await postAsPage(page, '/api/om/organization-units', {
      code: `TK${stamp}`,
      name: `Phòng kế toán ${stamp}`,
      typeCode: 'PHONG',
    });
    const role = await postAsPage(page, '/api/iam/roles', {
      code: `NV${stamp}`,
      name: `Nhân viên ${stamp}`,
      // an employee's role: her own record only (her name in the forms' employee picker)
      dataScope: 'SELF',
      permissions: [
        'worker.view',
        'leave_request.view',
        'leave_request.create',
        'overtime_registration.view',
        'overtime_registration.create',
      ],
    });
    const employee = {
      username: `hoa_${stamp.toLowerCase()}`,
      password: 'Cong-Cua-Toi#2026',
      fullName: `Phạm Thị Hoa ${stamp}`,
    };
    const account = await postDataAsPage<{ user: { id: string } }>(page, '/api/iam/users', {
      ...employee,
      roleIds: [role],
      passwordChangeRequired: false,
    });
    const workerId = await postAsPage(page, '/api/om/workers', {
      code: `NVH${stamp}`,
      fullName: employee.fullName,
      gender: 'FEMALE',
      organizationUnitId: unitId,
      joinedDate: '2024-01-02',
      userId: account.user.id,
    });

    // office hours Monday to Friday, and a time clock that pushes her first three working days:
    // on time, 12 minutes late, on time
    const calendar = (
      await getDataAsPage<{ days: { date: string; type: string }[] }>(
        page,
        `/api/tm/calendar-days?from=${iso(monthStart)}&to=${monthEnd}&organizationUnitId=${unitId}`,
      )
    ).days;
    const worked = calendar
      .filter((d) => d.type === 'WORKING_DAY' && new Date(`${d.date}T00:00:00Z`).getUTCDay() !== 6)
      .map((d) => d.date)
      .slice(0, 3);
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
      workflowTemplateId: workflowId,
      steps: [{ workFlowStepTemplateId: `${workflowId}#1`, assigneeUserId: me.id }],
    });
    await postDataAsPage(page, `/api/tm/work-calendars/${calendarId}/approve`, { note: 'Đồng ý' });
    const serial = `E2E${stamp}`;
    const deviceId = await postAsPage(page, '/api/tm/devices', {
      code: `MCC${stamp}`,
      name: `Cổng phòng ${stamp}`,
      serialNumber: serial,
    });
    await postAsPage(page, '/api/tm/device-users', { deviceId, workerId, pin: '201' });
    const iclock = async (path: string, body?: string) => {
      const res = await fetch(`${baseUrl}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'content-type': 'text/plain' },
        ...(body === undefined ? {} : { body }),
      });
      expect(res.status, path).toBe(200);
    };
    await iclock(`/iclock/cdata?SN=${serial}&options=all&pushver=2.4.1`);
    const lines = worked.flatMap((day, i) => [
      `201\t${day} ${i === 1 ? '08:12:30' : '07:55:10'}\t0\t1\t0\t0\t0`,
      `201\t${day} 17:05:40\t1\t1\t0\t0\t0`,
    ]);
    await iclock(`/iclock/cdata?SN=${serial}&table=ATTLOG&Stamp=1`, lines.join('\n'));
    // annual leave, and the last Thursday and Friday of the month she will ask for (not punched)
    const leaveTypeId = await postAsPage(page, '/api/om/leave-types', {
      code: `PN${stamp}`,
      name: `Nghỉ phép năm ${stamp}`,
      paid: true,
      timesheetReason: 'ANNUAL_LEAVE',
      usesAnnualBalance: true,
    });
    const workingDays = new Set(calendar.filter((d) => d.type === 'WORKING_DAY').map((d) => d.date));
    const thursday = calendar
      .map((d) => d.date)
      .filter((d) => new Date(`${d}T00:00:00Z`).getUTCDay() === 4)
      .reverse()
      .find((d) => {
        const friday = iso(new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000));
        return workingDays.has(d) && workingDays.has(friday) && !worked.includes(d);
      });
    if (!thursday) throw new Error(`no working Thursday and Friday in ${month}`);
    const friday = iso(new Date(Date.parse(`${thursday}T00:00:00Z`) + 86_400_000));
    await postDataAsPage(page, `/api/tm/leave-balances/${workerId}/adjustments`, {
      year,
      days: '12',
      reason: 'Phép năm theo hợp đồng',
    });

    // the engine computes the days (a job): wait for the state through the general timesheet
    const symbolOn = async (day: string) => {
      const grid = await getDataAsPage<GeneralTimesheetPage>(
        page,
        `/api/tm/general-timesheet?organizationUnitId=${unitId}&month=${month}`,
      );
      const row = grid.rows[0];
      return row ? (dayCell(grid.texts, row.columns, grid.days.indexOf(day))?.symbol ?? null) : null;
    };
    await expect.poll(() => symbolOn(worked[2] as string), { timeout: 60_000 }).toBe('+');

    let applicationId = '';
    const browser = page.context().browser();
    if (!browser) throw new Error('no browser');
    for (const [size, options] of [
      ['phone', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
      ['desktop', { viewport: { width: 1440, height: 900 } }],
    ] as const) {
      const context = await browser.newContext({ baseURL: baseUrl, locale: 'vi-VN', ...options });
      try {
        const own = await context.newPage();
        await signIn(own, employee);
        // on her phone she asks for Thursday and Friday morning: 1.5 days, awaiting approval
        if (size === 'phone')
          applicationId = await postAsPage(own, '/api/tm/leave-applications', {
            workerId,
            leaveTypeId,
            portion: 'DAYS',
            fromDate: thursday,
            startHalf: 'WHOLE',
            toDate: friday,
            endHalf: 'FIRST_HALF',
            reason: 'Về quê',
          });
        await own.goto(`/tm/my-timekeeping?month=${month}`);
        await own.getByRole('heading', { level: 1, name: 'Công của tôi' }).waitFor();
        await own.getByText(`${employee.fullName} · NVH${stamp}`).waitFor();
        const days = own.getByRole('table', {
          name: `Lịch công tháng ${month.slice(5)}/${month.slice(0, 4)}`,
        });
        // her three days worked, with their symbols, and their totals
        for (const day of worked)
          await days
            .getByRole('button', { name: new RegExp(`, ${day.slice(8)}/${day.slice(5, 7)}: \\+$`) })
            .waitFor();
        const totals = own.getByRole('region', { name: 'Tổng hợp tháng' });
        // one late arrival, its minutes as the engine counts them
        await totals
          .getByText(/^1 lần · \d+ phút$/)
          .first()
          .waitFor();
        const balance = own.getByRole('region', { name: `Phép năm ${year}` });
        if (size === 'phone') {
          await balance.getByText('12 ngày').waitFor();
          await balance.getByText('Có thể xin thêm: 10,5 ngày').waitFor();
        } else {
          // approved: 1.5 days taken, the leave symbol on Thursday
          await balance.getByText('10,5 ngày').waitFor();
          await days
            .getByRole('button', { name: new RegExp(`, ${thursday.slice(8)}/${thursday.slice(5, 7)}: P$`) })
            .waitFor();
        }
        const leave = own
          .getByRole('region', { name: 'Tạo đơn' })
          .getByRole('link', { name: /Đơn xin nghỉ/ });
        expect(await leave.getAttribute('href')).toBe(`/tm/application-leave/create?workerId=${workerId}`);
        // her application, with its status, opening its detail page and approval timeline
        const mine = own
          .getByRole('region', { name: 'Đơn của tôi' })
          .getByRole('link', { name: /Đơn xin nghỉ/ });
        await mine.getByText(size === 'phone' ? 'Mới tạo' : 'Đã phê duyệt').waitFor();
        expect(await mine.getAttribute('href')).toMatch(/^\/tm\/application-leave\/[0-9a-f-]+\/detail$/);
        await waitForQuiet(own);
        // nothing wider than the screen: a phone never scrolls sideways
        expect(await own.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          options.viewport.width,
        );
        expect(await accessibilityViolations(own)).toEqual([]);
        await shot(own, size);
        // a tap on the quick action opens the leave form with her preset
        await leave.click();
        await own.waitForURL(/\/tm\/application-leave\/create\?workerId=/);
        await expect
          .poll(() => own.getByRole('combobox', { name: /Nhân viên/ }).inputValue())
          .toBe(employee.fullName);
        await waitForQuiet(own);
        await shot(own, `${size}-leave-form`);
      } finally {
        await context.close();
      }
      if (size !== 'phone') continue;
      // HR sends it through the workflow and approves it; the engine writes her days of leave
      await postDataAsPage(page, `/api/tm/leave-applications/${applicationId}/request-approval`, {
        workflowTemplateId: workflowId,
        steps: [{ workFlowStepTemplateId: `${workflowId}#1`, assigneeUserId: me.id }],
      });
      await postDataAsPage(page, `/api/tm/leave-applications/${applicationId}/approve`, { note: 'Đồng ý' });
      await expect.poll(() => symbolOn(thursday), { timeout: 60_000 }).toBe('P');
    }
  });
});

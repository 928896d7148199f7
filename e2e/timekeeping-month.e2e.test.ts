import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dayCell, type GeneralTimesheetPage } from '../shared/contracts/src/modules/general-timesheet.ts';
import { allOf } from '../scripts/testing/all-of.ts';
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
const STEP = 'Trưởng phòng nhân sự duyệt';
/** Hoàn Kiếm, Hà Nội: the office's work location for check-in */
const OFFICE = { latitude: 21.0285, longitude: 105.8542 };
/** about 1.1 km north of it */
const FAR = { latitude: 21.0385, longitude: 105.8542 };
const WEEKDAY = ['CN', 'T2', 'T3', 'T4', 'T5', 'T6', 'T7'];

/** 'YYYY-MM-DD' of a calendar date (no zone involved: dates are built with Date.UTC). */
const iso = (date: Date) => date.toISOString().slice(0, 10);
/** The grid's column header of a day: "05 T5". */
const header = (day: string) => `${day.slice(8, 10)} ${WEEKDAY[new Date(`${day}T00:00:00Z`).getUTCDay()]}`;
/** 'dd/MM/yyyy' as HR types a date. */
const typed = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** A labelled input of a form (a required star may follow its label). */
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\s*\\*?$`));

/** Picks `option` in the reference picker `label` after typing `search`. */
async function pick(page: Page, label: string | RegExp, search: string, option: string | RegExp) {
  const box = page.getByRole('combobox', { name: label });
  await box.click();
  await box.pressSequentially(search);
  await page.getByRole('option', { name: option }).first().click();
}

/** The text of a worker's day in the month grid on the page ("+", "+*", "!"…). */
async function cellText(page: Page, grid: string, rowName: string, day: string): Promise<string> {
  return page.evaluate(
    ({ grid, rowName, column }) => {
      const table = [...document.querySelectorAll('[role="grid"]')].find(
        (g) => g.getAttribute('aria-label') === grid,
      );
      if (!table) return '<no grid>';
      const index = [...table.querySelectorAll('[role="columnheader"]')]
        .find((h) => h.textContent === column)
        ?.getAttribute('aria-colindex');
      const row = [...table.querySelectorAll('[role="rowheader"]')]
        .find((h) => h.textContent?.includes(rowName))
        ?.closest('[role="row"]');
      return row?.querySelector(`[aria-colindex="${index}"]`)?.textContent ?? '<no cell>';
    },
    { grid, rowName, column: header(day) },
  );
}

/*
 * Issue 30's month, end to end on the built portal (docs/timesheets.md, general-timesheet.md,
 * work-update-requests.md, attendance-devices.md, check-in.md). A time clock speaking ADMS pushes
 * a week of punches for two workers of a new unit; HR sees the days in the general timesheet; one
 * worker forgot to punch out on Wednesday, which HR corrects through a work update request
 * approved through the approval engine; HR approves the unit's timesheet, which locks the month
 * (a punch the clock sends afterwards is held, not applied); the month goes out to Excel and the
 * file reads back unchanged. Then one of the workers checks in from a phone-sized page, refused
 * outside the office's radius and accepted inside it. Axe on every screen; screenshots at desktop
 * and phone sizes.
 */
describe.each(portals)('a timekeeping month on $engine', ({ baseUrl, engine }) => {
  const tab = pagePerTest(baseUrl);

  it('punches pushed by a clock become a month HR corrects, approves, locks and exports', async () => {
    const { page } = tab;
    mkdirSync(SCREENSHOTS, { recursive: true });
    const shot = (target: Page, name: string) =>
      target.screenshot({ path: join(SCREENSHOTS, `timekeeping-${name}-${engine}.png`) });
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, e2eAccounts.hrAdmin);
    const stamp = Date.now().toString(36).toUpperCase();

    // What an administrator sets up once: one workflow for calendars, requests and timesheets,
    // four eyes waived (one HR administrator is the whole team here).
    const me = await getDataAsPage<{ id: string }>(page, '/api/iam/me/profile');
    const workflow = `Duyệt chấm công ${stamp}`;
    const workflowId = await postAsPage(page, '/api/system/workflow-templates', {
      code: `CC${stamp}`,
      name: workflow,
      workflowTemplateTypes: ['WORK_CALENDAR', 'TIMEKEEPING_CHANGE', 'TIMESHEET'],
      steps: [{ name: STEP, assignmentType: 'USER', assignmentId: me.id, slaAmount: 1, slaUnit: 'HOURS' }],
    });
    await allowSelfApproval(page);

    // The workshop, its two workers (one of them with an account, for the phone), office hours
    // Monday to Friday, and its check-in settings: the office's location, 200 m.
    const unitName = `Xưởng may ${stamp}`;
    const unitId = await postAsPage(page, '/api/om/organization-units', {
      code: `XM${stamp}`,
      name: unitName,
      typeCode: 'PHONG',
    });
    const role = await postAsPage(page, '/api/iam/roles', {
      code: `CN${stamp}`,
      name: `Công nhân ${stamp}`,
      permissions: ['organization_unit.view'],
    });
    const phoneAccount = {
      username: `lan_${stamp.toLowerCase()}`,
      password: 'Cham-Cong#2026',
      fullName: `Nguyễn Thị Lan ${stamp}`,
    };
    const account = await postDataAsPage<{ user: { id: string } }>(page, '/api/iam/users', {
      ...phoneAccount,
      roleIds: [role],
      passwordChangeRequired: false,
    });
    const lan = { name: phoneAccount.fullName, code: `NVL${stamp}` };
    const hung = { name: `Trần Văn Hùng ${stamp}`, code: `NVH${stamp}` };
    const lanId = await postAsPage(page, '/api/om/workers', {
      code: lan.code,
      fullName: lan.name,
      gender: 'FEMALE',
      organizationUnitId: unitId,
      joinedDate: '2024-01-02',
      userId: account.user.id,
    });
    const hungId = await postAsPage(page, '/api/om/workers', {
      code: hung.code,
      fullName: hung.name,
      gender: 'MALE',
      organizationUnitId: unitId,
      joinedDate: '2024-01-02',
    });
    await postAsPage(page, '/api/tm/check-in-settings', {
      organizationUnitId: unitId,
      allowLocation: true,
      allowNetwork: false,
      allowSelfDeclared: false,
      maxAccuracyMetres: 100,
      locations: [
        {
          name: `Văn phòng Hoàn Kiếm ${stamp}`,
          latitude: String(OFFICE.latitude),
          longitude: String(OFFICE.longitude),
          radiusMetres: 200,
        },
      ],
    });

    // Last month: its first Monday-to-Friday whose five days are working days for this unit.
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
    const working = new Set(calendar.filter((d) => d.type === 'WORKING_DAY').map((d) => d.date));
    const week = calendar
      .map((d) => d.date)
      .filter((d) => new Date(`${d}T00:00:00Z`).getUTCDay() === 1)
      .map((monday) =>
        [0, 1, 2, 3, 4].map((n) => iso(new Date(Date.parse(`${monday}T00:00:00Z`) + n * 86_400_000))),
      )
      .find((days) => allOf(days, (d) => working.has(d)));
    if (!week) throw new Error(`no full working week in ${month}`);
    const wednesday = week[2] as string;
    const thursday = week[3] as string;

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

    // The gate's time clock, and which PIN is which worker on it.
    const serial = `E2E${stamp}`;
    const deviceId = await postAsPage(page, '/api/tm/devices', {
      code: `MCC${stamp}`,
      name: `Cổng xưởng ${stamp}`,
      serialNumber: serial,
    });
    await postAsPage(page, '/api/tm/device-users', { deviceId, workerId: lanId, pin: '101' });
    await postAsPage(page, '/api/tm/device-users', { deviceId, workerId: hungId, pin: '102' });

    // The clock pushes the week over ADMS: handshake, then ATTLOG in Vietnam's local time. Hùng
    // forgot to punch out on Wednesday.
    const iclock = async (method: 'GET' | 'POST', path: string, body?: string) => {
      const res = await fetch(`${baseUrl}${path}`, {
        method,
        headers: { 'content-type': 'text/plain' },
        ...(body === undefined ? {} : { body }),
      });
      expect(res.status, `${method} ${path}`).toBe(200);
      return res.text();
    };
    expect(await iclock('GET', `/iclock/cdata?SN=${serial}&options=all&pushver=2.4.1`)).toContain(
      `GET OPTION FROM: ${serial}`,
    );
    const lines = week.flatMap((day) => [
      `101\t${day} 07:52:10\t0\t1\t0\t0\t0`,
      `101\t${day} 17:06:40\t1\t1\t0\t0\t0`,
      `102\t${day} 07:58:03\t0\t1\t0\t0\t0`,
      ...(day === wednesday ? [] : [`102\t${day} 17:02:19\t1\t1\t0\t0\t0`]),
    ]);
    expect(await iclock('POST', `/iclock/cdata?SN=${serial}&table=ATTLOG&Stamp=1`, lines.join('\n'))).toBe(
      `OK: ${lines.length}`,
    );

    // The engine computes the days (a job): wait for the state, then look at the page.
    const gridOf = () =>
      getDataAsPage<GeneralTimesheetPage>(
        page,
        `/api/tm/general-timesheet?organizationUnitId=${unitId}&month=${month}`,
      );
    const dayOf = async (code: string, day: string) => {
      const data = await gridOf();
      const row = data.rows.find((r) => r.code === code);
      return row ? dayCell(data.texts, row.columns, data.days.indexOf(day)) : null;
    };
    await expect
      .poll(async () => (await dayOf(lan.code, week[4] as string))?.symbol ?? null, { timeout: 60_000 })
      .toBe('+');
    await expect.poll(async () => (await dayOf(hung.code, thursday))?.symbol ?? null).toBe('+');

    const gridName = `Bảng công tháng ${month}`;
    await page.goto(`/tm/general-timesheet?unit=${unitId}&month=${month}`);
    await page.getByRole('heading', { level: 1, name: 'Bảng công tổng hợp' }).waitFor();
    await page.getByRole('grid', { name: gridName }).waitFor();
    for (const day of week) expect(await cellText(page, gridName, lan.name, day)).toBe('+');
    // the Wednesday without its checkout: no symbol until someone says what happened
    expect(await cellText(page, gridName, hung.name, wednesday)).toBe('');
    expect((await dayOf(hung.code, wednesday))?.outcome).toBe('INCOMPLETE');
    await waitForQuiet(page);
    expect(await accessibilityViolations(page)).toEqual([]);
    await shot(page, 'general-timesheet-desktop');

    // Hùng's missing checkout, through a work update request approved by the approval engine.
    await page.goto('/tm/work-update-suggestive/create');
    await page.getByRole('heading', { level: 1, name: /đề nghị cập nhật công/i }).waitFor();
    await pick(page, /^Nhân viên/, hung.code, new RegExp(hung.name));
    await field(page, 'Ngày công').fill(typed(wednesday));
    await field(page, 'Ngày công').blur();
    const punches = page.getByRole('group', { name: /Các lần chấm đề nghị/ });
    if ((await punches.getByRole('textbox').count()) === 0)
      await punches.getByRole('button', { name: 'Thêm dòng' }).click();
    await punches.getByRole('textbox').first().fill('17:00');
    await punches.getByRole('combobox').first().click();
    await page.getByRole('option', { name: 'Ra', exact: true }).click();
    await page.getByRole('textbox', { name: /^Lý do/ }).fill('Quên chấm ra, tổ trưởng xác nhận về lúc 17:00');
    await waitForQuiet(page);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Lưu', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: /đề nghị cập nhật công/i }).waitFor();
    await approveThroughWorkflow(page, workflow, STEP);
    await expect
      .poll(async () => (await dayOf(hung.code, wednesday))?.symbol ?? null, { timeout: 60_000 })
      .toBe('+');

    // The month in Excel (form 01a-LĐTL), and the same file read back: nothing differs.
    await page.goto(`/tm/general-timesheet?unit=${unitId}&month=${month}`);
    await page.getByRole('grid', { name: gridName }).waitFor();
    expect(await cellText(page, gridName, hung.name, wednesday)).toBe('+');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Xuất Excel' }).click(),
    ]);
    const file = await download.path();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile(file)) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('the export holds no sheet');
    const texts: string[][] = [];
    sheet.eachRow((row) => texts.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
    expect(texts.flat()).toContain('BẢNG CHẤM CÔNG');
    const hungRow = texts.find((row) => row.includes(hung.code));
    expect(hungRow, 'Hùng has a row').toBeDefined();
    expect(hungRow?.filter((value) => value === '+')).toHaveLength(5);
    await page.getByLabel('Nhập từ Excel').setInputFiles({
      name: download.suggestedFilename(),
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await readFile(file),
    });
    await page.getByText(/không ô nào khác bảng công, không có gì thay đổi/).waitFor();
    await waitForQuiet(page);
    expect(await accessibilityViolations(page)).toEqual([]);

    // The unit's timesheet for the month, approved: the month is locked.
    await page.goto('/tm/timesheets/create');
    await field(page, 'Mã').fill(`BCC${stamp}`);
    await field(page, 'Tên').fill(`Bảng chấm công ${unitName} tháng ${month}`);
    await pick(page, /^Đơn vị/, `XM${stamp}`, new RegExp(unitName));
    await field(page, 'Tháng').fill(month);
    await page.getByRole('button', { name: 'Lưu', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: /bảng chấm công/i }).waitFor();
    await approveThroughWorkflow(page, workflow, STEP);
    await expect
      .poll(async () => (await gridOf()).lockedWorkerIds ?? [])
      .toEqual(expect.arrayContaining([lanId, hungId]));

    // A punch the clock sends for the locked month is held for review, not applied.
    expect(
      await iclock(
        'POST',
        `/iclock/cdata?SN=${serial}&table=ATTLOG&Stamp=2`,
        `101\t${thursday} 19:30:00\t1\t1\t0`,
      ),
    ).toBe('OK: 1');
    await expect
      .poll(async () => (await dayOf(lan.code, thursday))?.held ?? false, { timeout: 60_000 })
      .toBe(true);
    expect((await dayOf(lan.code, thursday))?.symbol).toBe('+');

    await page.goto(`/tm/general-timesheet?unit=${unitId}&month=${month}`);
    await page.getByRole('grid', { name: gridName }).waitFor();
    expect(await cellText(page, gridName, lan.name, thursday)).toBe('+!');
    await shot(page, 'general-timesheet-locked-desktop');

    // The troop report of that Thursday for the workshop: both on the roll, both present.
    await page.goto('/tm/troop-report');
    await page.getByRole('heading', { level: 1, name: 'Báo cáo quân số' }).waitFor();
    await pick(page, /^Đơn vị/, `XM${stamp}`, new RegExp(unitName));
    await field(page, 'Ngày').fill(typed(thursday));
    await field(page, 'Ngày').blur();
    await page.getByRole('button', { name: 'Xem', exact: true }).click();
    const troop = page.getByRole('table', { name: `Quân số trong ngày ${typed(thursday)}` });
    const workshop = troop.getByRole('row').filter({ has: page.getByRole('rowheader', { name: unitName }) });
    await workshop.waitFor();
    // the unit's name, then its roll and who was present: 2 and 2
    expect((await workshop.locator('td').allInnerTexts()).slice(0, 2)).toEqual(['2', '2']);
    await waitForQuiet(page);
    expect(await accessibilityViolations(page)).toEqual([]);
    await shot(page, 'troop-report-desktop');

    // Lan checks in from her phone: refused 1.1 km away, accepted at the office.
    const browser = page.context().browser();
    if (!browser) throw new Error('no browser');
    const phoneContext = await browser.newContext({
      baseURL: baseUrl,
      locale: 'vi-VN',
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      permissions: ['geolocation'],
      geolocation: { ...FAR, accuracy: 15 },
    });
    try {
      const phone = await phoneContext.newPage();
      await signIn(phone, phoneAccount);
      await phone.goto('/tm/check-in');
      await phone.getByRole('heading', { level: 1, name: 'Chấm công' }).waitFor();
      const checkIn = phone.getByRole('button', { name: 'Chấm công', exact: true });
      await checkIn.click();
      await phone
        .getByText(/^Bạn đang cách Văn phòng Hoàn Kiếm .* m, ngoài bán kính cho phép 200 m$/)
        .waitFor();
      await waitForQuiet(phone);
      expect(await accessibilityViolations(phone)).toEqual([]);
      await shot(phone, 'check-in-refused-phone');
      await phoneContext.setGeolocation({ ...OFFICE, accuracy: 15 });
      await checkIn.click();
      await phone.getByText(/^Đã chấm công lúc \d\d:\d\d, cách Văn phòng Hoàn Kiếm .* m$/).waitFor();
      await waitForQuiet(phone);
      expect(await accessibilityViolations(phone)).toEqual([]);
      await shot(phone, 'check-in-accepted-phone');
    } finally {
      await phoneContext.close();
    }
  });
});

import type { ErrorEnvelope } from '@hcm/contracts';
import {
  dayCell,
  type GeneralTimesheetImportResult,
  type GeneralTimesheetPage,
} from '@hcm/contracts/general-timesheet';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeBatch } from '../../../bulk/index.ts';
import type { Tx } from '../../../db/database.ts';
import { inScope } from '../../../db/tenant-scope.ts';
import {
  download,
  startResourceTestKit,
  upload,
  type Caller,
  type ResourceTestKit,
} from '../../../resources/testing/kit.ts';
import { testEngines } from '../../../testing/engines.ts';
import { rows } from '../../../testing/migrated-database.ts';
import { dayRecordStore } from '../tables/day-records.ts';
import type { DayRecordRow } from '../timesheet/day-record-row.ts';
import { timesheetInputs } from '../timesheet/wiring.ts';
import { importTimesheet } from './import-excel.ts';
import { readTimesheetFile } from './read-excel.ts';

const EXPORT = '/api/tm/general-timesheet/export';
const IMPORT = '/api/tm/general-timesheet/import';
type Refusal = ErrorEnvelope & {
  errors?: { field: string; message: string; params?: Record<string, unknown> }[];
};

/** Column of a day (STT, code, name, job title, then the days): day 4 is H. */
const dayColumn = (day: number) => 4 + day;
const HEADER = 7;
const FIRST_WORKER = 9;

/*
 * The general timesheet's Excel form and back (docs/general-timesheet.md, "Excel"): a workshop
 * (Xưởng may, XM) with a seamstress whose March 2026 the engine wrote (worked, late, paid and
 * unpaid leave, overtime) and a cutter with one worked day.
 */
describe.each(await testEngines())('the general timesheet in Excel on $engine', ({ engine }) => {
  let kit: ResourceTestKit;
  let hr: Caller;
  let tenantName = '';
  let workshop = '';
  const worker = { seamstress: '', cutter: '' };
  const query = () => `organizationUnitId=${workshop}&month=2026-03`;

  const inTenant = <T>(work: (tx: Tx) => Promise<T>) =>
    inScope(kit.server.db.orm, { tenantId: hr.tenantId, userId: null }, work);
  const one = async (tx: Tx, query: ReturnType<typeof sql>) =>
    (await rows<{ id: string }>(tx, query))[0]?.id ?? '';
  const day = (workDate: string, workerId: string, values: Partial<DayRecordRow> = {}): DayRecordRow => ({
    workDate,
    workerId,
    shiftCode: 'HC',
    dayType: 'WEEKDAY',
    outcome: 'WORKED',
    daySymbol: '+',
    scheduledMinutes: 480,
    workedMinutes: 480,
    workUnits: 1000,
    paidUnits: 1000,
    punchPairs: '480~1020',
    punchCount: 2,
    lateMinutes: 0,
    earlyMinutes: 0,
    overtimeMinutes: 0,
    nightMinutes: 0,
    otWeekdayDayMinutes: 0,
    otWeekdayNightMinutes: 0,
    otRestDayMinutes: 0,
    otRestNightMinutes: 0,
    paidLeaveUnits: 0,
    unpaidLeaveUnits: 0,
    ...values,
  });
  const exported = async (language = 'vi') => {
    const res = await fetch(`${kit.server.url}${EXPORT}?${query()}`, {
      headers: { authorization: `Bearer ${hr.token}`, 'accept-language': language },
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(res.status, bytes.toString('utf8').slice(0, 500)).toBe(200);
    return bytes;
  };
  const sheetOf = async (file: Buffer) => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
    return { workbook, sheet: workbook.worksheets[0] as ExcelJS.Worksheet };
  };
  const textsOf = (sheet: ExcelJS.Worksheet) => {
    const texts: string[] = [];
    sheet.eachRow((row) => row.eachCell((cell) => texts.push(String(cell.value))));
    return texts;
  };
  const corrections = async () =>
    (
      await rows<{ n: number }>(
        kit.server.db.orm,
        sql`select count(*)::int as n from action_logs where tenant_id = ${hr.tenantId} and resource = 'tm_day_record'
               and record_id is not null`,
      )
    )[0]?.n ?? 0;
  const importFile = (file: Buffer, name = 'bang-cham-cong.xlsx', month = '2026-03') =>
    upload(`${kit.server.url}${IMPORT}?organizationUnitId=${workshop}&month=${month}`, hr.token, file, name);

  beforeAll(async () => {
    kit = await startResourceTestKit(engine);
    hr = await kit.caller([], ['timesheet.view', 'timesheet.update', 'timesheet.export', 'action_log.view']);
    await inTenant(async (tx) => {
      tenantName =
        (await rows<{ name: string }>(tx, sql`select name from tenants where id = ${hr.tenantId}`))[0]
          ?.name ?? '';
      workshop = await one(
        tx,
        sql`insert into organization_units (tenant_id, code, name) values (${hr.tenantId}, 'XM', 'Xưởng may') returning id`,
      );
      const title = await one(
        tx,
        sql`insert into job_titles (tenant_id, code, name) values (${hr.tenantId}, 'CN', 'Công nhân may') returning id`,
      );
      const addWorker = (code: string, name: string) =>
        one(
          tx,
          sql`insert into workers (tenant_id, code, full_name, gender, organization_unit_id, job_title_id)
              values (${hr.tenantId}, ${code}, ${name}, 'FEMALE', ${workshop}, ${title}) returning id`,
        );
      worker.seamstress = await addWorker('NV001', 'Nguyễn Thị Mai');
      worker.cutter = await addWorker('NV002', 'Trần Thị Hoa');
      await tx.execute(sql`delete from standard_working_days where tenant_id = ${hr.tenantId}`);
      await tx.execute(sql`insert into standard_working_days (tenant_id, code, name, effective_date, method, days)
                           values (${hr.tenantId}, 'NC26', '26 ngày', '2021-01-01', 'FIXED', 26)`);
      await writeBatch(
        tx,
        dayRecordStore,
        [
          day('2026-03-02', worker.seamstress, { lateMinutes: 12, workedMinutes: 468 }),
          day('2026-03-03', worker.seamstress, { overtimeMinutes: 90, otWeekdayDayMinutes: 90 }),
          day('2026-03-04', worker.seamstress, {
            outcome: 'LEAVE',
            daySymbol: 'P',
            workedMinutes: 0,
            workUnits: 0,
            paidLeaveUnits: 1000,
            punchPairs: null,
          }),
          day('2026-03-05', worker.seamstress, {
            outcome: 'LEAVE',
            daySymbol: 'KL',
            workedMinutes: 0,
            workUnits: 0,
            paidUnits: 0,
            unpaidLeaveUnits: 1000,
            punchPairs: null,
          }),
          day('2026-03-02', worker.cutter),
        ],
        { actor: { scope: { tenantId: hr.tenantId, userId: null }, ip: null, userAgent: 'test' } },
      );
    });
  });
  afterAll(async () => {
    await kit.stop();
  });

  it('exports the month as form 01a-LĐTL: title, period, a column per day, totals, legend, signatures', async () => {
    const res = await download(`${kit.server.url}${EXPORT}?${query()}`, hr.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(res.headers.get('content-disposition')).toContain('bang-cham-cong_XM_2026-03.xlsx');
    const { sheet } = await sheetOf(res.bytes);
    expect(sheet.getCell('A1').value).toBe(tenantName);
    expect(sheet.getCell('A2').value).toBe('Bộ phận: Xưởng may (XM)');
    expect(sheet.getCell('A4').value).toBe('BẢNG CHẤM CÔNG');
    expect(sheet.getCell('A5').value).toBe('Tháng 03 năm 2026');
    const header = sheet.getRow(HEADER).values as unknown[];
    expect(header.slice(1, 6)).toEqual(['STT', 'Mã NV', 'Họ và tên', 'Chức danh', 1]);
    expect(header[dayColumn(31)]).toBe(31);
    expect(header[dayColumn(31) + 1]).toBe('Ngày công chuẩn');
    // 1 March 2026 is a Sunday: its letter, and its column shaded as a rest day
    expect(sheet.getRow(HEADER + 1).getCell(dayColumn(1)).value).toBe('CN');
    expect(sheet.getRow(HEADER + 1).getCell(dayColumn(2)).value).toBe('T2');
    expect(sheet.getRow(HEADER).getCell(dayColumn(1)).fill).toMatchObject({ fgColor: { argb: 'FFD9D9D9' } });
    const mai = sheet.getRow(FIRST_WORKER);
    expect([1, 2, 3, 4].map((c) => mai.getCell(c).value)).toEqual([
      1,
      'NV001',
      'Nguyễn Thị Mai',
      'Công nhân may',
    ]);
    expect([2, 3, 4, 5, 6].map((d) => mai.getCell(dayColumn(d)).value)).toEqual(['+', '+', 'P', 'KL', null]);
    const totals = (mai.values as unknown[]).slice(dayColumn(31) + 1);
    // standard, worked, paid leave, unpaid leave, paid days, overtime weekday 1.5 h … late once, 12 min
    expect(totals.slice(0, 6)).toEqual([26, 2, 1, 1, 3, 1.5]);
    expect(totals.slice(12, 14)).toEqual([1, 12]);
    expect(sheet.getRow(FIRST_WORKER + 1).getCell(2).value).toBe('NV002');
    const texts = textsOf(sheet);
    expect(texts).toContain('Ký hiệu chấm công:');
    expect(texts).toContain('P: Nghỉ phép');
    expect(texts).toContain('KL: Nghỉ không lương');
    expect(texts).toContain('R: Nghỉ việc riêng có hưởng lương (kết hôn, tang)');
    expect(texts).toEqual(
      expect.arrayContaining(['Người chấm công', 'Phụ trách bộ phận', 'Người duyệt', '(Ký, họ tên)']),
    );
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', xSplit: 4, ySplit: HEADER + 1 });
    expect(sheet.pageSetup).toMatchObject({ orientation: 'landscape', paperSize: 9, fitToWidth: 1 });
  });

  it('writes English when the caller reads English', async () => {
    const { sheet } = await sheetOf(await exported('en'));
    expect(sheet.getCell('A4').value).toBe('TIMESHEET');
    expect(sheet.getCell('A5').value).toBe('Month 03 of 2026');
    expect(sheet.getRow(HEADER).getCell(2).value).toBe('Employee code');
  });

  it('reads an unchanged export back and writes nothing', async () => {
    const before = await corrections();
    const res = await importFile(await exported());
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect((res.json as { data: GeneralTimesheetImportResult }).data).toMatchObject({
      workers: 2,
      corrected: 0,
    });
    expect(await corrections()).toBe(before);
  });

  it('turns a changed cell into one correction, with the file in its reason and the action log', async () => {
    const { workbook, sheet } = await sheetOf(await exported('en'));
    sheet.getRow(FIRST_WORKER).getCell(dayColumn(6)).value = '+';
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const res = await importFile(file, 'cham-cong-thang-3.xlsx');
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect((res.json as { data: GeneralTimesheetImportResult }).data).toMatchObject({
      corrected: 1,
      changes: [{ code: 'NV001', workDate: '2026-03-06', before: null, after: '+' }],
    });
    const logged = await rows<{ record_id: string; changes: Record<string, { after: unknown }> }>(
      kit.server.db.orm,
      sql`select record_id, changes from action_logs where tenant_id = ${hr.tenantId} and resource = 'tm_day_record'
           and record_id is not null`,
    );
    expect(logged).toHaveLength(1);
    expect(logged[0]?.record_id).toBe(`2026-03-06|${worker.seamstress}`);
    expect(logged[0]?.changes.correctionReason?.after).toBe('Nhập từ Excel cham-cong-thang-3.xlsx');
    const grid = await kit.http.get<{ data: GeneralTimesheetPage }>(
      `/api/tm/general-timesheet?${query()}`,
      hr.token,
    );
    const mai = grid.body.data.rows.find((row) => row.code === 'NV001');
    expect(mai && dayCell(grid.body.data.texts, mai.columns, 5)).toMatchObject({
      symbol: '+',
      paidUnits: 1000,
    });
    expect(mai?.totals.workUnits).toBe(3000);
    // the same file again: the cell is what it says now, nothing more written
    const again = await importFile(file);
    expect((again.json as { data: GeneralTimesheetImportResult }).data.corrected).toBe(0);
    expect(await corrections()).toBe(1);
  });

  it('reads R back as paid personal leave: a paid day, counted as paid leave', async () => {
    const { workbook, sheet } = await sheetOf(await exported());
    // Hoa, Monday 9 March: nothing recorded; HR writes her marriage leave by hand
    sheet.getRow(FIRST_WORKER + 1).getCell(dayColumn(9)).value = 'R';
    const res = await importFile(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect((res.json as { data: GeneralTimesheetImportResult }).data).toMatchObject({
      corrected: 1,
      changes: [{ code: 'NV002', workDate: '2026-03-09', before: null, after: 'R' }],
    });
    const grid = await kit.http.get<{ data: GeneralTimesheetPage }>(
      `/api/tm/general-timesheet?${query()}`,
      hr.token,
    );
    const hoa = grid.body.data.rows.find((row) => row.code === 'NV002');
    expect(hoa && dayCell(grid.body.data.texts, hoa.columns, 8)).toMatchObject({
      symbol: 'R',
      paidUnits: 1000,
    });
    expect(hoa?.totals).toMatchObject({ paidLeaveUnits: 1000, unpaidLeaveUnits: 0 });
    expect(grid.body.data.legend).toContainEqual({ key: 'PAID_PERSONAL', symbol: 'R' });
  });

  it('refuses a bad file naming the cell, and writes nothing', async () => {
    const changed = async (edit: (sheet: ExcelJS.Worksheet) => void) => {
      const { workbook, sheet } = await sheetOf(await exported());
      edit(sheet);
      return Buffer.from(await workbook.xlsx.writeBuffer());
    };
    const before = await corrections();
    const cases: [string, Buffer, number, RegExp][] = [
      [
        'an unknown symbol',
        await changed((s) => {
          s.getRow(FIRST_WORKER).getCell(dayColumn(9)).value = '+';
          s.getRow(FIRST_WORKER + 1).getCell(dayColumn(10)).value = 'Z';
        }),
        400,
        /cell N10: "Z" is not a timesheet symbol/,
      ],
      [
        'an unknown worker',
        await changed((s) => {
          s.getRow(FIRST_WORKER + 1).getCell(2).value = 'NV999';
        }),
        400,
        /cell B10: no employee with code NV999/,
      ],
      [
        'another month',
        await changed((s) => {
          s.getCell('A5').value = 'Tháng 04 năm 2026';
        }),
        400,
        /the timesheet of 2026-04, not of 2026-03/,
      ],
      [
        'another unit',
        await changed((s) => {
          s.getCell('A2').value = 'Bộ phận: Văn phòng (VP)';
        }),
        400,
        /unit VP, not of XM/,
      ],
      ['not a workbook', Buffer.from('STT;Mã NV;Họ và tên\n1;NV001;Mai\n'), 400, /xlsx|file/i],
      ['a file too large', Buffer.alloc(5 * 1024 * 1024 + 1, 1), 413, /larger than/],
    ];
    for (const [what, file, status, message] of cases) {
      const res = await importFile(file);
      expect(res.status, `${what}: ${JSON.stringify(res.json)}`).toBe(status);
      const body = res.json as unknown as Refusal;
      expect(`${body.message} ${(body.errors ?? []).map((e) => e.message).join(' ')}`, what).toMatch(message);
    }
    // the month of March imported as April's: the header's month says otherwise
    const april = await importFile(await exported(), 'x.xlsx', '2026-04');
    expect(april.status).toBe(400);
    expect(JSON.stringify(april.json)).toContain('wrongMonth');
    expect(await corrections()).toBe(before);
  });

  it('refuses corrections in a month an approved timesheet locks, and still reads an unchanged file', async () => {
    await inTenant((tx) =>
      tx.execute(sql`insert into tm_timesheets (tenant_id, code, name, organization_unit_id, month, approval_status, approved_at)
                     values (${hr.tenantId}, 'BCC-XM-2026-03', 'Bảng chấm công XM 03/2026', ${workshop}, '2026-03',
                             'APPROVED', now())`),
    );
    try {
      const unchanged = await exported();
      const { workbook, sheet } = await sheetOf(unchanged);
      sheet.getRow(FIRST_WORKER).getCell(dayColumn(12)).value = 'P';
      const before = await corrections();
      const refused = await importFile(Buffer.from(await workbook.xlsx.writeBuffer()));
      expect(refused.status, JSON.stringify(refused.json)).toBe(409);
      expect(refused.json).toMatchObject({
        code: 'MONTH_LOCKED',
        errors: [{ params: { problem: 'locked', row: FIRST_WORKER, value: 'NV001' } }],
      });
      expect(await corrections()).toBe(before);
      const read = await importFile(unchanged);
      expect((read.json as { data: GeneralTimesheetImportResult }).data.corrected).toBe(0);
    } finally {
      await inTenant((tx) => tx.execute(sql`delete from tm_timesheets where tenant_id = ${hr.tenantId}`));
    }
  });

  it('refuses a locked month with 409 and writes nothing', async () => {
    const { workbook, sheet } = await sheetOf(await exported());
    sheet.getRow(FIRST_WORKER + 1).getCell(dayColumn(3)).value = 'P';
    const read = await readTimesheetFile(Buffer.from(await workbook.xlsx.writeBuffer()));
    const before = await corrections();
    const locks = {
      lockedMonths: async (_tx: unknown, ids: readonly string[]) =>
        new Map(ids.map((id) => [id, new Set(['2026-03'])] as const)),
    };
    const caller = { tenantId: hr.tenantId, userId: hr.userId };
    const refused = await inScope(kit.server.db.orm, caller, (tx) =>
      importTimesheet(
        tx,
        caller,
        { scope: caller, ip: null, userAgent: 'test' },
        {
          inputs: { ...timesheetInputs(), locks },
          queue: { enqueue: async () => [] } as never,
          now: new Date('2026-04-02T03:00:00Z'),
        },
        { organizationUnitId: workshop, month: '2026-03', fileName: 'x.xlsx', language: 'vi', read },
      ).then(
        () => null,
        (error: { statusCode?: number; message: string }) => error,
      ),
    );
    expect(refused?.statusCode).toBe(409);
    expect(refused?.message).toContain('NV002');
    expect(refused).toMatchObject({ code: 'MONTH_LOCKED', errors: [{ params: { row: FIRST_WORKER + 1 } }] });
    expect(await corrections()).toBe(before);
  });
});

import { PassThrough } from 'node:stream';
import {
  GeneralTimesheetLimits,
  correctionOf,
  dayShade,
  legendBySymbol,
  shownSymbol,
  type GeneralTimesheetLegendEntry,
  type GeneralTimesheetRow,
} from '@hcm/contracts/general-timesheet';
import type { DayType } from '@hcm/contracts/labour-calendar';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Tx } from '../../../db/database.ts';
import type { Scope } from '../../../db/tenant-scope.ts';
import { notFound } from '../../../http/errors.ts';
import type { Language } from '../../../resources/types.ts';
import { resolveCalendars } from '../calendar/resolve.ts';
import type { TimesheetInputs } from '../timesheet/inputs.ts';
import {
  ExcelTexts,
  FIRST_DAY_COLUMN,
  FIXED_COLUMNS,
  HEADER_ROW,
  TotalColumns,
  WeekdayLetters,
} from './excel-layout.ts';
import { daysOfMonth, readGridPage } from './read-grid.ts';

/** What the sheet says above the grid: whose, which unit, and the unit's calendar (for the shading). */
export interface ExcelHeading {
  readonly tenantName: string;
  readonly unitCode: string;
  readonly unitName: string;
  readonly month: string;
  /** the unit's day type of each day of the month (null: no calendar) */
  readonly dayTypes: readonly (DayType | null)[];
}

/** A worker's row as the sheet writes it: the grid's, and the job title. */
/** A worker's row of the grid, with their job title and the texts of the grid page it came in. */
export type ExcelRow = GeneralTimesheetRow & {
  readonly jobTitle: string | null;
  readonly texts: readonly string[];
};

const rowsOf = async <T>(tx: Tx, query: ReturnType<typeof sql>) =>
  ((await tx.execute(query)) as unknown as { rows: T[] }).rows;

/** The tenant's name, the unit's code and name (404 when the tenant has no such unit), its calendar. */
export async function headingOf(
  tx: Tx,
  tenantId: string,
  organizationUnitId: string,
  month: string,
): Promise<ExcelHeading> {
  const [found] = await rowsOf<{ tenant: string; code: string; name: string }>(
    tx,
    sql`select t.name as tenant, u.code, u.name from organization_units u join tenants t on t.id = u.tenant_id
         where u.id = ${organizationUnitId}::uuid and u.tenant_id = ${tenantId}::uuid`,
  );
  if (!found) throw notFound('No such unit');
  const days = daysOfMonth(month);
  const calendars = await resolveCalendars(tx, {
    tenantId,
    organizationUnitIds: [organizationUnitId],
    from: days[0] as string,
    to: days[days.length - 1] as string,
  });
  const byDate = new Map((calendars.get(organizationUnitId)?.days ?? []).map((day) => [day.date, day.type]));
  return {
    tenantName: found.tenant,
    unitCode: found.code,
    unitName: found.name,
    month,
    dayTypes: days.map((day) => byDate.get(day) ?? null),
  };
}

/** The workers' job titles (their title, else their position's name), by worker id. */
export async function jobTitlesOf(tx: Tx, workerIds: readonly string[]): Promise<Map<string, string>> {
  if (workerIds.length === 0) return new Map();
  const found = await rowsOf<{ id: string; title: string | null }>(
    tx,
    sql`select w.id, coalesce(j.name, p.name) as title
          from workers w
          left join job_titles j on j.tenant_id = w.tenant_id and j.id = w.job_title_id
          left join positions p on p.tenant_id = w.tenant_id and p.id = w.job_position_id
         where w.id = any(${`{${workerIds.join(',')}}`}::uuid[])`,
  );
  return new Map(found.flatMap((row) => (row.title ? [[row.id, row.title] as const] : [])));
}

const fill = (argb: string): ExcelJS.Fill => ({ type: 'pattern', pattern: 'solid', fgColor: { argb } });
const REST_FILL = fill('FFD9D9D9');
const HOLIDAY_FILL = fill('FFFCE4D6');
const HEADER_FILL = fill('FFDDEBF7');
const thin: Partial<ExcelJS.Border> = { style: 'thin' };
const BORDER: Partial<ExcelJS.Borders> = { top: thin, left: thin, bottom: thin, right: thin };
const CENTER: Partial<ExcelJS.Alignment> = { horizontal: 'center', vertical: 'middle', wrapText: true };
const BODY: Partial<ExcelJS.Style> = { border: BORDER, alignment: { vertical: 'middle' } };

/**
 * One style object per look, shared by every cell that has it: exceljs keeps the id of a style
 * object it has seen (a WeakMap) and works out the style of an object it has not, so a fresh
 * object per cell would be worked out 51 times a row. Never changed once made.
 */
const styles = new Map<string, Partial<ExcelJS.Style>>();
function shared(key: string, build: () => Partial<ExcelJS.Style>): Partial<ExcelJS.Style> {
  let style = styles.get(key);
  if (!style) {
    style = build();
    styles.set(key, style);
  }
  return style;
}

const shadeKey = (shade: ExcelJS.Fill | null) =>
  shade === REST_FILL ? 'rest' : shade === HOLIDAY_FILL ? 'holiday' : 'none';

/** A day's shading: a worker's own day type when the engine wrote one, else the unit's calendar. */
function shadeOf(unitDay: DayType | null, workerDay?: string): ExcelJS.Fill | null {
  if (workerDay === 'HOLIDAY') return HOLIDAY_FILL;
  if (workerDay === 'REST_DAY') return REST_FILL;
  if (workerDay === 'WEEKDAY') return null;
  const shade = dayShade(unitDay);
  return shade === 'holiday' ? HOLIDAY_FILL : shade === 'rest' ? REST_FILL : null;
}

/** Each symbol once, with the meanings of every key that writes it ("+: Lương thời gian; Công tác"). */
const legendLines = (legend: readonly GeneralTimesheetLegendEntry[], language: Language): string[] =>
  legendBySymbol(legend, language).map((entry) => `${entry.symbol}: ${entry.meanings.join('; ')}`);

/**
 * Writes the month as form 01a-LĐTL (docs/general-timesheet.md, "Excel") through exceljs's
 * streaming writer: each worker's row is committed (turned into XML and deflated) as it is
 * written, so what a 1,000-worker month holds in memory is the grid's page being written and the
 * zipped bytes, never a model of every cell. `pages` yields the workers a page at a time.
 */
export async function writeTimesheetWorkbook(
  language: Language,
  heading: ExcelHeading,
  legend: readonly GeneralTimesheetLegendEntry[],
  pages: AsyncIterable<readonly ExcelRow[]>,
): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  const days = daysOfMonth(heading.month);
  const lastDay = FIRST_DAY_COLUMN + days.length - 1;
  const lastColumn = lastDay + TotalColumns.length;
  const header = HEADER_ROW;
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(`${ExcelTexts.title[language]} ${heading.month}`.slice(0, 31), {
    views: [{ state: 'frozen', xSplit: FIXED_COLUMNS, ySplit: header + 1 }],
    pageSetup: {
      paperSize: 9, // A4
      orientation: 'landscape',
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
      printTitlesRow: `${header}:${header + 1}`,
      margins: { left: 0.3, right: 0.3, top: 0.4, bottom: 0.4, header: 0.2, footer: 0.2 },
    },
  });
  sheet.columns = [
    { width: 5 },
    { width: 11 },
    { width: 24 },
    { width: 16 },
    ...days.map(() => ({ width: 4.2 })),
    ...TotalColumns.map(() => ({ width: 10 })),
  ];
  const text = (row: ExcelJS.Row, column: number, value: string, style?: Partial<ExcelJS.Style>) => {
    const cell = row.getCell(column);
    cell.value = value === '' ? null : value; // a blank stays a blank cell, styled
    if (style) cell.style = style;
  };

  // the tenant, the form's number, the unit; the title and the period
  const top = sheet.getRow(1);
  text(top, 1, heading.tenantName, { font: { bold: true } });
  text(top, lastColumn - 5, ExcelTexts.form[language], { font: { bold: true } });
  top.commit();
  text(sheet.getRow(2), 1, `${ExcelTexts.unit[language]}: ${heading.unitName} (${heading.unitCode})`);
  sheet.getRow(2).commit();
  sheet.getRow(3).commit();
  const title = sheet.getRow(4);
  text(title, 1, ExcelTexts.title[language], { font: { bold: true, size: 16 }, alignment: CENTER });
  sheet.mergeCells(4, 1, 4, lastColumn); // before the commit: a committed row is not touched again
  title.commit();
  const period = sheet.getRow(5);
  text(period, 1, ExcelTexts.period(heading.month)[language], { font: { italic: true }, alignment: CENTER });
  sheet.mergeCells(5, 1, 5, lastColumn);
  period.commit();

  // the header: labels, each day's number over its weekday, the totals; rest days and holidays shaded
  const labels = sheet.getRow(header);
  const weekdays = sheet.getRow(header + 1);
  const headed: Partial<ExcelJS.Style> = {
    font: { bold: true },
    alignment: CENTER,
    border: BORDER,
    fill: HEADER_FILL,
  };
  const fixed = [ExcelTexts.number, ExcelTexts.code, ExcelTexts.name, ExcelTexts.jobTitle];
  fixed.forEach((label, i) => {
    text(labels, i + 1, label[language], headed);
    text(weekdays, i + 1, '', headed);
    sheet.mergeCells(header, i + 1, header + 1, i + 1);
  });
  days.forEach((day, i) => {
    const shade = shadeOf(heading.dayTypes[i] ?? null);
    const style = shared(`head|${shadeKey(shade)}`, () => ({
      ...headed,
      ...(shade ? { fill: shade } : {}),
    }));
    const number = labels.getCell(FIRST_DAY_COLUMN + i);
    number.value = i + 1;
    number.style = style;
    text(
      weekdays,
      FIRST_DAY_COLUMN + i,
      WeekdayLetters[language][new Date(`${day}T00:00:00Z`).getUTCDay()] ?? '',
      style,
    );
  });
  TotalColumns.forEach((column, i) => {
    text(labels, lastDay + 1 + i, column.header[language], headed);
    text(weekdays, lastDay + 1 + i, '', headed);
    sheet.mergeCells(header, lastDay + 1 + i, header + 1, lastDay + 1 + i);
  });
  labels.height = 60;
  labels.commit();
  weekdays.commit();

  // a row per worker: the symbol shown (a correction's in blue), then the totals
  let count = 0;
  for await (const page of pages) {
    for (const worker of page) {
      count += 1;
      const row = sheet.getRow(header + 1 + count);
      const number = row.getCell(1);
      number.value = count;
      number.style = BODY;
      text(row, 2, worker.code, BODY);
      text(row, 3, worker.fullName, BODY);
      text(row, 4, worker.jobTitle ?? '', BODY);
      const { columns, texts } = worker;
      columns.symbol.forEach((symbol, i) => {
        // the engine's day type of the worker's day; a day it did not write, the unit's
        const workerDay = symbol < 0 ? undefined : (texts[columns.dayType[i] ?? -1] ?? 'WEEKDAY');
        const shade = shadeOf(heading.dayTypes[i] ?? null, workerDay);
        const corrected = correctionOf(columns, i) !== undefined;
        const style = shared(`day|${shadeKey(shade)}|${corrected}`, () => ({
          border: BORDER,
          alignment: CENTER,
          ...(shade ? { fill: shade } : {}),
          ...(corrected ? { font: { color: { argb: 'FF1F4E79' }, bold: true } } : {}),
        }));
        text(row, FIRST_DAY_COLUMN + i, shownSymbol(texts, columns, i), style);
      });
      TotalColumns.forEach((column, i) => {
        const cell = row.getCell(lastDay + 1 + i);
        cell.value = column.value(worker.totals);
        cell.style = shared(`total|${column.format}`, () => ({ ...BODY, numFmt: column.format }));
      });
      row.commit();
    }
  }

  // the legend of the tenant's symbols, three a row, then the signature block
  let at = header + 1 + count + 2;
  const legendTitle = sheet.getRow(at);
  text(legendTitle, 2, `${ExcelTexts.legend[language]}:`, { font: { bold: true } });
  legendTitle.commit();
  const lines = legendLines(legend, language);
  const legendColumns = [2, FIRST_DAY_COLUMN + 1, FIRST_DAY_COLUMN + 12];
  for (let i = 0; i < lines.length; i += legendColumns.length) {
    at += 1;
    const row = sheet.getRow(at);
    legendColumns.forEach((column, j) => {
      const line = lines[i + j];
      if (line) text(row, column, line);
    });
    row.commit();
  }
  at += 2;
  const dated = sheet.getRow(at);
  text(dated, lastDay - 2, ExcelTexts.dated[language], { font: { italic: true } });
  dated.commit();
  const signers = sheet.getRow(at + 1);
  const signs = sheet.getRow(at + 2);
  const signColumns = [3, FIRST_DAY_COLUMN + Math.floor(days.length / 2) - 2, lastDay - 2];
  ExcelTexts.signers.forEach((signer, i) => {
    const column = signColumns[i] as number;
    text(signers, column, signer[language], { font: { bold: true } });
    text(signs, column, ExcelTexts.sign[language], { font: { italic: true } });
  });
  signers.commit();
  signs.commit();
  sheet.commit();
  await workbook.commit();
  await ended;
  return Buffer.concat(chunks);
}

/**
 * The month of a unit as the workbook, in the caller's transaction: the heading, then the grid a
 * page of 1,000 workers at a time (readGridPage: the caller's reach, totals, corrections), each
 * page's job titles, written as it comes.
 */
export async function exportMonth(
  tx: Tx,
  caller: Scope & { tenantId: string },
  inputs: Pick<TimesheetInputs, 'locks' | 'settings'>,
  query: { organizationUnitId: string; month: string },
  language: Language,
): Promise<{ file: Buffer; unitCode: string }> {
  const heading = await headingOf(tx, caller.tenantId, query.organizationUnitId, query.month);
  const pageOf = (after?: string) =>
    readGridPage(tx, caller, inputs, { ...query, pageSize: GeneralTimesheetLimits.pageSizeMax, after });
  const first = await pageOf();
  async function* pages(): AsyncGenerator<ExcelRow[]> {
    let page = first;
    for (;;) {
      const titles = await jobTitlesOf(
        tx,
        page.rows.map((row) => row.workerId),
      );
      yield page.rows.map((row) => ({
        ...row,
        jobTitle: titles.get(row.workerId) ?? null,
        texts: page.texts,
      }));
      if (!page.next) return;
      page = await pageOf(page.next);
    }
  }
  return {
    file: await writeTimesheetWorkbook(language, heading, first.legend, pages()),
    unitCode: heading.unitCode,
  };
}

import { DataEnvelope, ForbiddenReasons } from '@hcm/contracts';
import {
  OVERTIME_REPORT_PATH,
  OvertimeReport,
  OvertimeReportLabels as L,
} from '@hcm/contracts/overtime-registrations';
import {
  TIMEKEEPING_REPORT_EXPORT_PERMISSIONS,
  TIMEKEEPING_REPORT_PERMISSIONS,
} from '@hcm/contracts/timekeeping-reports';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import Type from 'typebox';
import { wallClock } from '../../../clock.ts';
import type { Tx } from '../../../db/database.ts';
import { callerScope, runAsCaller } from '../../../http/caller-scope.ts';
import { envelope, errorResponses } from '../../../http/envelope.ts';
import { forbiddenBecause } from '../../../http/errors.ts';
import { languageOf } from '../../../resources/caller.ts';
import { todayInVietnam } from '../../../resources/documents/vietnamese-format.ts';
import type { Language } from '../../../resources/types.ts';
import { contentDisposition } from '../../storage/records.ts';
import type { TmDeps } from '../index.ts';
import { periodAsked, type Period } from './period.ts';
import { reportScope, rowsOf, type ReportScope } from './report-scope.ts';

/**
 * Overtime registered vs worked, by unit and month (issue 31 §5; docs/overtime-registrations.md):
 * one statement. Per worker and month, the APPROVED registrations' minutes within the period and
 * the engine's day records' overtime (counted and paid), joined; then per unit (the worker's own)
 * and month, and in all. A registration not worked, or overtime worked without a registration
 * (the PUNCHED mode), shows on its own side.
 */
export async function overtimeReport(tx: Tx, scope: ReportScope, period: Period): Promise<OvertimeReport> {
  const rows = await rowsOf<{
    unit_id: string | null;
    month: string | null;
    code: string | null;
    name: string | null;
    registered: string;
    worked: string;
    paid: string;
    workers: number;
  }>(
    tx,
    sql`with ${scope.workers},
        reg as (
          select ws.unit_id, to_char(o.work_date, 'YYYY-MM') as month, ws.id, sum(o.minutes) as registered
            from ws join tm_overtime_registrations o
              on o.tenant_id = ${scope.tenantId}::uuid and o.worker_id = ws.id
             and o.work_date between ${period.from}::date and ${period.to}::date
             and o.approval_status = 'APPROVED'
           group by 1, 2, 3),
        wrk as (
          select ws.unit_id, to_char(r.work_date, 'YYYY-MM') as month, ws.id,
                 sum(r.overtime_minutes) as worked, sum(r.overtime_paid_minutes) as paid
            from ws join tm_day_records r
              on r.tenant_id = ${scope.tenantId}::uuid and r.worker_id = ws.id
             and r.work_date between ${period.from}::date and ${period.to}::date
             and r.overtime_minutes > 0
           group by 1, 2, 3),
        pw as (
          select coalesce(reg.unit_id, wrk.unit_id) as unit_id, coalesce(reg.month, wrk.month) as month,
                 coalesce(reg.registered, 0) as registered, coalesce(wrk.worked, 0) as worked,
                 coalesce(wrk.paid, 0) as paid
            from reg full join wrk on wrk.id = reg.id and wrk.month = reg.month),
        g as (
          select unit_id, month, sum(registered) as registered, sum(worked) as worked, sum(paid) as paid,
                 count(*)::int as workers
            from pw group by unit_id, month
          union all
          -- the total: each worker once, whatever the months
          select null, null, sum(registered), sum(worked), sum(paid),
                 (select count(distinct coalesce(reg.id, wrk.id))::int
                    from reg full join wrk on wrk.id = reg.id and wrk.month = reg.month)
            from pw)
        select g.*, u.code, u.name from g left join organization_units u on u.id = g.unit_id`,
  );
  const figures = (row: (typeof rows)[number]) => ({
    registeredMinutes: Number(row.registered ?? 0),
    workedMinutes: Number(row.worked ?? 0),
    paidMinutes: Number(row.paid ?? 0),
    workers: Number(row.workers ?? 0),
  });
  const total = rows.find((row) => row.month === null);
  return {
    from: period.from,
    to: period.to,
    rows: rows
      .filter((row) => row.month !== null)
      .map((row) => ({
        organizationUnitId: String(row.unit_id ?? ''),
        code: row.code ?? '',
        name: row.name ?? '',
        month: String(row.month),
        ...figures(row),
      }))
      .sort((a, b) => a.code.localeCompare(b.code) || a.month.localeCompare(b.month)),
    total: total ? figures(total) : { registeredMinutes: 0, workedMinutes: 0, paidMinutes: 0, workers: 0 },
  };
}

const hours = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

/** The report's table as a workbook, in the caller's language; hours with two places. */
export async function overtimeWorkbook(report: OvertimeReport, language: Language): Promise<Buffer> {
  const w = (label: { vi: string; en: string }) => label[language];
  const workbook = new ExcelJS.Workbook();
  // a sheet's name has no : \ / ? * [ ] and at most 31 characters
  const sheet = workbook.addWorksheet(
    w(L.tab)
      .replace(/[:\\/?*[\]]/g, ' ')
      .slice(0, 31),
  );
  const header = [L.unit, L.month, L.registered, L.worked, L.paid, L.workers].map(w);
  sheet.columns = header.map((text, index) => ({ header: text, width: index === 0 ? 32 : 18 }));
  sheet.getRow(1).font = { bold: true };
  const figures = (row: OvertimeReport['total']) => [
    hours(row.registeredMinutes),
    hours(row.workedMinutes),
    hours(row.paidMinutes),
    row.workers,
  ];
  for (const row of report.rows) sheet.addRow([row.name, row.month, ...figures(row)]);
  sheet.addRow([w(L.total), '', ...figures(report.total)]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const Query = Type.Object(
  {
    organizationUnitId: Type.Optional(Type.String({ format: 'uuid' })),
    month: Type.Optional(Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$' })),
    // the days are checked in period.ts, for a field error that names what is wrong
    from: Type.Optional(Type.String({ maxLength: 10, description: 'YYYY-MM-DD' })),
    to: Type.Optional(Type.String({ maxLength: 10, description: 'YYYY-MM-DD' })),
  },
  { additionalProperties: false },
);
type Asked = { organizationUnitId?: string; month?: string; from?: string; to?: string };

/**
 * GET /api/tm/reports/overtime and its /export workbook, under the timekeeping reports'
 * permissions, within the caller's data scope; the period as the other reports take it (a month,
 * or from and to, at most TimekeepingReportLimits.periodMaxDays days).
 */
export const overtimeReportRoutes: FastifyPluginAsync<{ deps: TmDeps }> = async (app, { deps }) => {
  const now = deps.clock ?? wallClock;
  const read = (request: FastifyRequest) => {
    const scope = callerScope(request);
    const tenantId = scope.tenantId;
    if (tenantId === null)
      throw forbiddenBecause(
        ForbiddenReasons.tenantOnly,
        'Timekeeping reports belong to a tenant: sign in as a tenant user',
      );
    const query = request.query as Asked;
    const period = periodAsked(query, todayInVietnam(now()));
    return runAsCaller(deps.db, request, async (tx) =>
      overtimeReport(
        tx,
        await reportScope(tx, { tenantId, userId: scope.userId }, query.organizationUnitId),
        period,
      ),
    );
  };
  const tags = ['tm/reports'];
  app.get(
    OVERTIME_REPORT_PATH,
    {
      config: { auth: 'user', permission: TIMEKEEPING_REPORT_PERMISSIONS, module: 'TM' },
      schema: {
        summary: 'Overtime registered (approved) vs worked and paid, by unit and month',
        tags,
        operationId: 'tm.reports.overtime',
        querystring: Query,
        response: { 200: DataEnvelope(OvertimeReport), ...errorResponses },
      },
    },
    async (request) => envelope(await read(request)),
  );
  app.get(
    `${OVERTIME_REPORT_PATH}/export`,
    {
      config: { auth: 'user', permission: TIMEKEEPING_REPORT_EXPORT_PERMISSIONS, module: 'TM' },
      schema: {
        summary: 'The report’s table as a workbook',
        tags,
        operationId: 'tm.reports.overtime.export',
        querystring: Query,
        response: {
          200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: XLSX }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const report = await read(request);
      return reply
        .header('content-type', XLSX)
        .header('content-disposition', contentDisposition('attachment', `lam-them-gio-${report.from}.xlsx`))
        .send(await overtimeWorkbook(report, languageOf(request)));
    },
  );
};

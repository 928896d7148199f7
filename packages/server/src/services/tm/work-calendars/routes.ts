import { DataEnvelope, FieldErrorKeys } from '@hcm/contracts';
import {
  shiftSummaryPath,
  WORK_CALENDAR_TIE_BREAKS,
  WORK_CALENDAR_VERDICTS,
  WorkCalendarLimits,
  workCalendarExplainPath,
  type ShiftSummaryPage,
  type WorkCalendarExplanation,
} from '@hcm/contracts/work-calendars';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import Type from 'typebox';
import type { Tx } from '../../../db/database.ts';
import { envelope, errorResponses } from '../../../http/envelope.ts';
import { notFound, validationFailed } from '../../../http/errors.ts';
import { inResourceScope, resourceScopeOf } from '../../../resources/caller.ts';
import { workerReachOf, type WorkerReach } from '../../om/workers/worker-reach.ts';
import { employedDuring } from '../roster/employed-during.ts';
import type { TmDeps } from '../index.ts';
import { dateOf, dayNumber, isDate } from './calendar-days.ts';
import { explainDay } from './explain-day.ts';
import { loadCalendars, loadUnits } from './load-calendars.ts';
import { resolveDays, type WorkerPlace } from './resolve-days.ts';
import { workCalendarResource as resource } from './resource.ts';
import { workShiftCodes } from './work-shift-source.ts';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);
const Literals = (values: readonly string[]) => Type.Union(values.map((value) => Type.Literal(value)));

const CandidateSchema = Type.Object({
  calendarId: Type.String(),
  code: Type.String(),
  name: Type.String(),
  targetType: Type.String(),
  unitDistance: Type.Integer(),
  fromDate: Type.String(),
  toDate: Nullable(Type.String()),
  approvalStatus: Type.String(),
  approvedAt: Nullable(Type.String()),
  workShiftId: Nullable(Type.String()),
  workShiftCode: Nullable(Type.String()),
  off: Type.Boolean(),
  verdict: Literals(WORK_CALENDAR_VERDICTS),
  lostBy: Nullable(Literals(WORK_CALENDAR_TIE_BREAKS)),
});
const ExplanationSchema = Type.Object({
  workerId: Type.String(),
  date: Type.String(),
  worker: Type.Object({
    code: Type.String(),
    fullName: Type.String(),
    organizationUnitId: Type.String(),
    jobTitleId: Nullable(Type.String()),
  }),
  candidates: Type.Array(CandidateSchema),
  winner: Nullable(CandidateSchema),
  decidedBy: Nullable(Literals(WORK_CALENDAR_TIE_BREAKS)),
});
const SummarySchema = Type.Object({
  month: Type.String(),
  days: Type.Array(Type.String()),
  rows: Type.Array(
    Type.Object({
      workerId: Type.String(),
      code: Type.String(),
      fullName: Type.String(),
      shifts: Type.Array(Nullable(Type.String())),
    }),
  ),
  next: Nullable(Type.String()),
});

const DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';
const badField = (field: string, message: string) =>
  validationFailed([{ field, code: FieldErrorKeys.invalidValue, message }]);

interface WorkerRow extends WorkerPlace {
  code: string;
  fullName: string;
}
const rowsOf = async <T>(tx: Tx, query: ReturnType<typeof sql>) =>
  ((await tx.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * The employees the caller reaches (their role's data scope: the tenant, the units they lead, or
 * themselves), as a condition on `workers w`: the explanation and the summary show no one else.
 */
function reachedBy(reach: WorkerReach) {
  if (reach.all) return sql`true`;
  const units =
    reach.unitIds.length > 0
      ? sql`w.organization_unit_id = any(${`{${reach.unitIds.join(',')}}`}::uuid[])`
      : sql`false`;
  return reach.self ? sql`(${units} or w.id = ${reach.self.id})` : units;
}

/** The summary's cursor: the last row's (code, id), opaque to the client. */
const encodeCursor = (row: { code: string; workerId: string }) =>
  Buffer.from(JSON.stringify([row.code, row.workerId])).toString('base64url');
function decodeCursor(cursor: string): [string, string] {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(value) && value.length === 2 && value.every((part) => typeof part === 'string'))
      return value as [string, string];
  } catch {
    // answered below
  }
  throw badField('after', 'not a cursor this API gave');
}

/** The last day of a month 'YYYY-MM'. */
const monthDays = (month: string) => {
  const first = dayNumber(`${month}-01`);
  const [year, number] = month.split('-').map(Number) as [number, number];
  const next = number === 12 ? `${year + 1}-01-01` : `${year}-${String(number + 1).padStart(2, '0')}-01`;
  return Array.from({ length: dayNumber(next) - first }, (_, i) => dateOf(first + i));
};

/**
 * The work calendars' own reads (docs/work-calendars.md): why a worker has the shift they have
 * on a day, and the month's summary of shifts of a unit, a keyset page of workers at a time.
 */
export const workCalendarRoutes: FastifyPluginAsync<{ deps: TmDeps }> = async (app, { deps }) => {
  const { db } = deps;
  const tags = [`${resource.declaration.service}/${resource.declaration.path}`];

  app.get(
    workCalendarExplainPath,
    {
      config: { auth: 'user', permission: resource.permissionFor('view'), module: resource.module },
      schema: {
        summary: 'Which work calendar decides a worker’s day, and why',
        tags,
        operationId: 'tm.work-calendars.explain',
        querystring: Type.Object({
          workerId: Type.String({ format: 'uuid' }),
          date: Type.String({ pattern: DATE_PATTERN }),
        }),
        response: { 200: DataEnvelope(ExplanationSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { workerId, date } = request.query as { workerId: string; date: string };
      if (!isDate(date)) throw badField('date', 'not a calendar date');
      const explanation = await inResourceScope(
        db,
        resource,
        resourceScopeOf(resource, request),
        async (tx, scope) => {
          const reach = await workerReachOf(tx, scope);
          const [worker] = await rowsOf<WorkerRow>(
            tx,
            sql`select w.id as "workerId", w.code, w.full_name as "fullName",
                       w.organization_unit_id as "organizationUnitId", w.job_title_id as "jobTitleId"
                  from workers w where w.id = ${workerId} and ${reachedBy(reach)}`,
          );
          if (!worker) throw notFound('No such employee');
          const calendars = await loadCalendars(
            tx,
            { from: date, to: date },
            { approvedOnly: false, workerId },
          );
          const explained = explainDay(worker, await loadUnits(tx), calendars, date);
          const statusOf = new Map(calendars.map((c) => [c.id, c.approvalStatus]));
          const codes = await workShiftCodes(tx, [
            ...new Set(explained.candidates.flatMap((c) => (c.workShiftId ? [c.workShiftId] : []))),
          ]);
          const candidates = explained.candidates.map((c) => ({
            ...c,
            approvalStatus: statusOf.get(c.calendarId) ?? 'NEW',
            workShiftCode: c.workShiftId ? (codes.get(c.workShiftId) ?? null) : null,
          }));
          return {
            workerId,
            date,
            worker: {
              code: worker.code,
              fullName: worker.fullName,
              organizationUnitId: worker.organizationUnitId,
              jobTitleId: worker.jobTitleId,
            },
            candidates,
            winner: candidates.find((c) => c.calendarId === explained.winnerId) ?? null,
            decidedBy: explained.decidedBy,
          } satisfies WorkCalendarExplanation;
        },
      );
      return envelope(explanation);
    },
  );

  app.get(
    shiftSummaryPath,
    {
      config: {
        auth: 'user',
        permission: [resource.permissionFor('view'), 'timesheet.view'],
        module: resource.module,
      },
      schema: {
        summary: 'Summary of shifts: who works which shift each day of a month, per unit',
        tags,
        operationId: 'tm.summary-of-shift',
        querystring: Type.Object({
          organizationUnitId: Type.String({ format: 'uuid' }),
          month: Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$' }),
          after: Type.Optional(Type.String({ maxLength: 400 })),
          pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: WorkCalendarLimits.summaryPageSize })),
        }),
        response: { 200: DataEnvelope(SummarySchema), ...errorResponses },
      },
    },
    async (request) => {
      const query = request.query as {
        organizationUnitId: string;
        month: string;
        after?: string;
        pageSize?: number;
      };
      const pageSize = query.pageSize ?? 50;
      const after = query.after ? decodeCursor(query.after) : null;
      const days = monthDays(query.month);
      const from = days[0] ?? `${query.month}-01`;
      const to = days[days.length - 1] ?? from;
      const page = await inResourceScope(
        db,
        resource,
        resourceScopeOf(resource, request),
        async (tx, scope) => {
          const reach = await workerReachOf(tx, scope);
          const [unit] = await rowsOf<{ id: string }>(
            tx,
            sql`select id from organization_units where id = ${query.organizationUnitId}`,
          );
          if (!unit) throw notFound('No such unit');
          // the unit's workers and those of the units below it on the roll in the month
          // (roster/employed-during.ts), by code, one page past the cursor
          const found = await rowsOf<WorkerRow>(
            tx,
            sql`with recursive tree as (
                select id from organization_units where id = ${query.organizationUnitId}
                union select u.id from organization_units u join tree t on u.parent_id = t.id)
              select w.id as "workerId", w.code, w.full_name as "fullName",
                     w.organization_unit_id as "organizationUnitId", w.job_title_id as "jobTitleId"
                from workers w join tree t on t.id = w.organization_unit_id
               where ${after ? sql`(w.code, w.id) > (${after[0]}, ${after[1]}::uuid)` : sql`true`}
                 and ${reachedBy(reach)}
                 and ${employedDuring(from, to)}
               order by w.code, w.id
               limit ${pageSize + 1}`,
          );
          const rows = found.slice(0, pageSize);
          const calendars =
            rows.length > 0 ? await loadCalendars(tx, { from, to }, { approvedOnly: true }) : [];
          const resolved = resolveDays({
            workers: rows,
            units: rows.length > 0 ? await loadUnits(tx) : [],
            calendars,
            from,
            to,
          });
          const shiftIds = new Set<string>();
          for (const list of resolved.values())
            for (const d of list) if (d.workShiftId) shiftIds.add(d.workShiftId);
          const codes = await workShiftCodes(tx, [...shiftIds]);
          const last = rows[rows.length - 1];
          return {
            month: query.month,
            days,
            rows: rows.map((worker) => ({
              workerId: worker.workerId,
              code: worker.code,
              fullName: worker.fullName,
              shifts: (resolved.get(worker.workerId) ?? []).map((d) =>
                d.off ? 'OFF' : d.workShiftId ? (codes.get(d.workShiftId) ?? null) : null,
              ),
            })),
            next: found.length > pageSize && last ? encodeCursor(last) : null,
          } satisfies ShiftSummaryPage;
        },
      );
      return envelope(page);
    },
  );
};

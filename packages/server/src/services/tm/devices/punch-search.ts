import { FieldErrorKeys, PageEnvelope, PermissionResources } from '@hcm/contracts';
import { DevicePaths, type PunchRow } from '@hcm/contracts/attendance-devices';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import Type from 'typebox';
import { readKeysetPage } from '../../../bulk/index.ts';
import type { Db, Tx } from '../../../db/database.ts';
import { errorResponses } from '../../../http/envelope.ts';
import { validationFailed } from '../../../http/errors.ts';
import { callerScope, runAsCaller } from '../../../http/caller-scope.ts';
import { workers } from '../../om/tables/workers.ts';
import { punchStore } from '../tables/punches.ts';
import { tmDevices } from './tables.ts';
import { unitPunchPage } from './unit-punches.ts';

/*
 * Timekeeping › Devices › Search data (/tm/search-data): the raw punches of tm_punches, read
 * through the bulk path's keyset pages (docs/bulk-path.md) — page 1,000 costs what page 1 does —
 * filtered by device, worker and days; and the same rows as a CSV file.
 */

const module = PermissionResources.user_access_control.module;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** The longest period one search or export spans. */
const MAX_DAYS = 366;
/** Rows one export writes at most (a month of a 2,000-worker factory: about 240,000; split by device or unit). */
export const PUNCH_EXPORT_MAX = 100_000;

const Query = Type.Object(
  {
    from: Type.String({ pattern: DAY.source }),
    to: Type.String({ pattern: DAY.source }),
    deviceId: Type.Optional(Type.String({ format: 'uuid' })),
    workerId: Type.Optional(Type.String({ format: 'uuid' })),
    /** the workers of this unit and of every unit below it */
    organizationUnitId: Type.Optional(Type.String({ format: 'uuid' })),
    cursor: Type.Optional(Type.String({ maxLength: 1000 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  },
  { additionalProperties: false },
);
type Query = Type.Static<typeof Query>;

const Punch = Type.Object({
  id: Type.String(),
  punchedAt: Type.String(),
  deviceCode: Type.String(),
  attendanceCode: Type.String(),
  workerId: Type.Union([Type.String(), Type.Null()]),
  workerCode: Type.Union([Type.String(), Type.Null()]),
  workerName: Type.Union([Type.String(), Type.Null()]),
  source: Type.Union([
    Type.Literal('DEVICE'),
    Type.Literal('IMPORT'),
    Type.Literal('MANUAL'),
    Type.Literal('WEB'),
  ]),
  rawLine: Type.Union([Type.String(), Type.Null()]),
  receivedAt: Type.String(),
});

const dayAfter = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The bulk read's query: the days from `from` through `to` (both included), the device's serial, the worker. */
async function keysetQueryOf(tx: Tx, tenantId: string, query: Query) {
  const span = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000;
  if (!(span >= 0) || span >= MAX_DAYS)
    throw validationFailed(
      [
        {
          field: 'to',
          code: FieldErrorKeys.invalidDate,
          message: `from must not be after to, and the period at most ${MAX_DAYS} days`,
        },
      ],
      'The period is not valid',
    );
  const equals: Record<string, string> = {};
  if (query.deviceId) {
    const [device] = await tx
      .select({ serial: tmDevices.serialNumber })
      .from(tmDevices)
      .where(eq(tmDevices.id, query.deviceId));
    if (!device)
      throw validationFailed(
        [{ field: 'deviceId', code: FieldErrorKeys.invalidValue, message: 'is not a device of yours' }],
        'No such device',
      );
    equals.deviceCode = device.serial.toUpperCase();
  }
  if (query.workerId) equals.workerId = query.workerId;
  return {
    tenantId,
    period: { from: query.from, to: dayAfter(query.to) },
    equals,
    ...(query.cursor ? { cursor: query.cursor } : {}),
    ...(query.pageSize ? { pageSize: query.pageSize } : {}),
  };
}

/** One page: through the bulk path's keyset read, or, for a unit, through the unit's workers (unit-punches.ts). */
async function pageOf(tx: Tx, tenantId: string, query: Query, cursor: string | undefined, pageSize: number) {
  const base = await keysetQueryOf(tx, tenantId, query);
  if (!query.organizationUnitId)
    return readKeysetPage(tx, punchStore, {
      tenantId,
      period: base.period,
      equals: base.equals,
      pageSize,
      ...(cursor ? { cursor } : {}),
    });
  return unitPunchPage(tx, {
    tenantId,
    organizationUnitId: query.organizationUnitId,
    from: `${base.period.from} 00:00:00+07`,
    to: `${base.period.to} 00:00:00+07`,
    ...(base.equals.deviceCode ? { deviceCode: base.equals.deviceCode } : {}),
    ...(base.equals.workerId ? { workerId: base.equals.workerId } : {}),
    ...(cursor ? { cursor } : {}),
    pageSize,
  });
}

const present = (row: Record<string, unknown>): PunchRow => ({
  id: String(row.id),
  punchedAt: new Date(String(row.punchedAt)).toISOString(),
  deviceCode: String(row.deviceCode),
  attendanceCode: String(row.attendanceCode),
  workerId: row.workerId === null ? null : String(row.workerId),
  workerCode: null,
  workerName: null,
  source: row.source as PunchRow['source'],
  rawLine: row.rawLine === null ? null : String(row.rawLine),
  receivedAt: new Date(String(row.receivedAt)).toISOString(),
});

/** The code and name of each worker the punches name, in one query. */
async function namesOf(tx: Tx, tenantId: string, punches: readonly PunchRow[]) {
  const ids = [...new Set(punches.flatMap((p) => (p.workerId ? [p.workerId] : [])))];
  if (ids.length === 0) return new Map<string, { code: string; name: string }>();
  const rows = await tx
    .select({ id: workers.id, code: workers.code, name: workers.fullName })
    .from(workers)
    .where(and(eq(workers.tenantId, tenantId), inArray(workers.id, ids)));
  return new Map(rows.map((w) => [w.id, { code: w.code, name: w.name }]));
}

/** The punches with their workers' codes and names. */
async function named(tx: Tx, tenantId: string, punches: readonly PunchRow[]): Promise<PunchRow[]> {
  const names = await namesOf(tx, tenantId, punches);
  return punches.map((p) => {
    const worker = p.workerId ? names.get(p.workerId) : undefined;
    return { ...p, workerCode: worker?.code ?? null, workerName: worker?.name ?? null };
  });
}

const tenantOf = (request: FastifyRequest) => {
  const { tenantId } = callerScope(request);
  if (!tenantId) throw validationFailed([], 'Punches belong to a tenant');
  return tenantId;
};

/** A CSV cell: quoted when it holds a separator, a quote or a line break; a leading =+-@ defused. */
const cell = (value: string) => {
  const safe = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** The time as Vietnam reads it (+07), for the file HR opens in a spreadsheet. */
const vietnamTime = (iso: string) =>
  new Date(Date.parse(iso) + 7 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

export const punchRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.get(
    DevicePaths.punches,
    {
      config: { auth: 'user', permission: 'user_access_control.view', module },
      schema: {
        summary:
          'Raw punches in time order, by keyset pages: the days from..to, optionally one device, worker or unit (with the units below it)',
        tags: ['tm/punches'],
        querystring: Query,
        response: { 200: PageEnvelope(Punch), ...errorResponses },
      },
    },
    async (request) => {
      const tenantId = tenantOf(request);
      return runAsCaller(db, request, async (tx) => {
        const query = request.query as Query;
        const page = await pageOf(tx, tenantId, query, query.cursor, query.pageSize ?? 25);
        return { data: await named(tx, tenantId, page.data.map(present)), page: page.page };
      });
    },
  );

  app.get(
    DevicePaths.punchesExport,
    {
      config: { auth: 'user', permission: 'user_access_control.export', module },
      schema: {
        summary: `The same punches as a CSV file (UTF-8, times in Vietnam's +07), at most ${PUNCH_EXPORT_MAX} rows`,
        tags: ['tm/punches'],
        querystring: Type.Omit(Query, ['cursor', 'pageSize']),
      },
    },
    async (request, reply) => {
      const tenantId = tenantOf(request);
      const query = request.query as Query;
      const csv = await runAsCaller(db, request, async (tx) => {
        const lines = ['time,device,pin,worker_code,worker_name,source,raw_line'];
        let cursor: string | undefined;
        let rows = 0;
        do {
          const page = await pageOf(tx, tenantId, query, cursor, 100);
          const punches = await named(tx, tenantId, page.data.map(present));
          for (const p of punches)
            lines.push(
              [
                vietnamTime(p.punchedAt),
                p.deviceCode,
                p.attendanceCode,
                p.workerCode ?? '',
                p.workerName ?? '',
                p.source,
                p.rawLine ?? '',
              ]
                .map(cell)
                .join(','),
            );
          rows += punches.length;
          cursor = page.page.nextCursor;
        } while (cursor && rows < PUNCH_EXPORT_MAX);
        return `\uFEFF${lines.join('\r\n')}\r\n`;
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="punches_${query.from}_${query.to}.csv"`)
        .send(csv);
    },
  );
};

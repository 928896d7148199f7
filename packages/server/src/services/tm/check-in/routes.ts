import { DataEnvelope, ErrorCodes, ForbiddenReasons } from '@hcm/contracts';
import {
  CheckInLimits,
  CheckInModes,
  CheckInPaths,
  CheckInStatuses,
  type CheckInRow,
  type CheckInToday,
} from '@hcm/contracts/check-in';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import Type from 'typebox';
import { wallClock } from '../../../clock.ts';
import type { Tx } from '../../../db/database.ts';
import { callerScope, requireActor, runAsCaller } from '../../../http/caller-scope.ts';
import { envelope, errorResponses } from '../../../http/envelope.ts';
import { AppError, forbiddenBecause, notFound } from '../../../http/errors.ts';
import { workerReachOf } from '../../om/workers/worker-reach.ts';
import type { TmRoutes } from '../index.ts';
import { checkInRefused, judgeAttempt, modesOf } from './judge.ts';
import { settingsInForce } from './settings-in-force.ts';
import { CHECK_IN_COLUMNS, checkInRowOf, readCheckIn, storePunch, type CheckInSqlRow } from './store.ts';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);
const Literals = (values: readonly string[]) => Type.Union(values.map((value) => Type.Literal(value)));

const CheckInRowSchema = Type.Object({
  id: Type.String(),
  workerId: Type.String(),
  workerCode: Type.String(),
  workerName: Type.String(),
  checkedAt: Type.String(),
  mode: Literals(CheckInModes),
  status: Literals(CheckInStatuses),
  distanceMetres: Nullable(Type.Integer()),
  accuracyMetres: Nullable(Type.Integer()),
  locationName: Nullable(Type.String()),
  clientIp: Nullable(Type.String()),
  note: Nullable(Type.String()),
});

const CheckInBody = Type.Object(
  {
    clientKey: Type.String({ pattern: CheckInLimits.clientKeyPattern }),
    mode: Literals(CheckInModes),
    latitude: Type.Optional(Type.Number({ minimum: -90, maximum: 90 })),
    longitude: Type.Optional(Type.Number({ minimum: -180, maximum: 180 })),
    accuracyMetres: Type.Optional(Type.Number({ minimum: 0, maximum: 1_000_000 })),
    note: Type.Optional(Type.String({ maxLength: CheckInLimits.noteMaxLength })),
  },
  { additionalProperties: false },
);
type CheckInBody = Type.Static<typeof CheckInBody>;

const DecisionBody = Type.Object(
  { note: Type.Optional(Type.String({ maxLength: CheckInLimits.noteMaxLength })) },
  { additionalProperties: false },
);

const tags = ['tm/check-ins'];
const MODULE = 'TM' as const;

interface Me {
  id: string;
  code: string;
  fullName: string;
  unitId: string;
}

/** The employee record the caller's account is linked to (workers.user_id), or null. */
async function me(tx: Tx, userId: string | null): Promise<Me | null> {
  if (!userId) return null;
  const found = (await tx.execute(sql`
    select id, code, full_name, organization_unit_id from workers where user_id = ${userId} limit 1`)) as unknown as {
    rows: { id: string; code: string; full_name: string; organization_unit_id: string }[];
  };
  const row = found.rows[0];
  return row
    ? { id: row.id, code: row.code, fullName: row.full_name, unitId: row.organization_unit_id }
    : null;
}

const noWorker = () => checkInRefused('noWorker', 'The account is not linked to an employee record');

/** The local day's start in Vietnam (UTC+7), as an instant: "today" on the check-in page. */
const vietnamDayStart = (now: Date) => {
  const local = new Date(now.getTime() + 7 * 3_600_000);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - 7 * 3_600_000);
};

const actorOf = (request: FastifyRequest) => ({
  scope: callerScope(request),
  ip: request.ip ?? null,
  userAgent: request.headers['user-agent']?.slice(0, CheckInLimits.userAgentMaxLength) ?? null,
});

/**
 * Check-in from the browser or a phone (docs/check-in.md): POST a check-in, the page's state of
 * today, and the manager's list and decisions on self-declared ones.
 */
export const checkInRoutes: TmRoutes = async (app, { deps }) => {
  const now = deps.clock ?? wallClock;

  app.get(
    CheckInPaths.today,
    {
      config: { auth: 'user', permission: [], module: MODULE },
      schema: {
        summary:
          "The caller's allowed check-in modes and today's check-ins (workerId null: the account has no employee record)",
        tags,
        operationId: 'tm.check-ins.today',
        response: {
          200: DataEnvelope(
            Type.Object({
              workerId: Nullable(Type.String()),
              workerName: Nullable(Type.String()),
              modes: Type.Array(Literals(CheckInModes)),
              settingsUnitName: Nullable(Type.String()),
              checkIns: Type.Array(CheckInRowSchema),
            }),
          ),
          ...errorResponses,
        },
      },
    },
    async (request) =>
      envelope(
        await runAsCaller(deps.db, request, async (tx): Promise<CheckInToday> => {
          const worker = await me(tx, callerScope(request).userId);
          // any signed-in user may ask: one with no employee record learns it here, not by a 403
          if (!worker)
            return { workerId: null, workerName: null, modes: [], settingsUnitName: null, checkIns: [] };
          const settings = await settingsInForce(tx, worker.unitId);
          const rows = (await tx.execute(sql`
            select ${CHECK_IN_COLUMNS} from tm_check_ins c join workers w on w.id = c.worker_id
             where c.worker_id = ${worker.id} and c.checked_at >= ${vietnamDayStart(now()).toISOString()}
             order by c.checked_at desc limit 20`)) as unknown as { rows: CheckInSqlRow[] };
          return {
            workerId: worker.id,
            workerName: worker.fullName,
            modes: modesOf(settings),
            settingsUnitName: settings?.unitName ?? null,
            checkIns: rows.rows.map(checkInRowOf),
          };
        }),
      ),
  );

  app.post<{ Body: CheckInBody }>(
    CheckInPaths.checkIns,
    {
      bodyLimit: CheckInLimits.bodyMaxBytes,
      config: { auth: 'user', permission: [], module: MODULE },
      schema: {
        summary:
          'Check in now: by location, from an allowed network, or self-declared (pending until the manager confirms); idempotent on clientKey',
        tags,
        operationId: 'tm.check-ins.create',
        body: CheckInBody,
        response: { 200: DataEnvelope(CheckInRowSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (body.mode === 'LOCATION' && (body.latitude === undefined || body.longitude === undefined))
        throw new AppError(
          400,
          ErrorCodes.validation,
          'A check-in by location needs latitude and longitude',
          [
            {
              field: body.latitude === undefined ? 'latitude' : 'longitude',
              code: 'error.required',
              message: 'required',
            },
          ],
        );
      const actor = actorOf(request);
      const result = await runAsCaller(deps.db, request, async (tx) => {
        const worker = await me(tx, actor.scope.userId);
        if (!worker) throw noWorker();
        // one attempt of a worker at a time: a retry waits for the first and then finds it
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`check-in:${worker.id}`}, 0))`);
        const replayed = await readCheckIn(tx, { workerId: worker.id, clientKey: body.clientKey });
        if (replayed) return replayed;
        const at = now();
        const last = (await tx.execute(sql`
          select max(checked_at) as last from tm_check_ins where worker_id = ${worker.id}`)) as unknown as {
          rows: { last: Date | string | null }[];
        };
        const lastAt = last.rows[0]?.last ? new Date(last.rows[0].last).getTime() : null;
        const waitMs =
          lastAt === null ? 0 : lastAt + CheckInLimits.minimumIntervalSeconds * 1000 - at.getTime();
        if (waitMs > 0) {
          const seconds = Math.ceil(waitMs / 1000);
          reply.header('retry-after', String(seconds));
          throw new AppError(
            429,
            ErrorCodes.tooManyRequests,
            `One check-in a minute: try again in ${seconds} second${seconds === 1 ? '' : 's'}`,
            undefined,
            undefined,
            { retryAfterSeconds: seconds },
          );
        }
        const settings = await settingsInForce(tx, worker.unitId);
        const verdict = judgeAttempt(settings, {
          mode: body.mode,
          latitude: body.latitude,
          longitude: body.longitude,
          accuracyMetres: body.accuracyMetres,
          clientIp: request.ip,
        });
        const inserted = (await tx.execute(sql`
          insert into tm_check_ins (tenant_id, worker_id, client_key, checked_at, mode, status,
            settings_unit_id, latitude, longitude, accuracy_metres, distance_metres, location_name,
            client_ip, user_agent, note)
          values (${actor.scope.tenantId}, ${worker.id}, ${body.clientKey}, ${at.toISOString()}, ${body.mode},
            ${verdict.status}, ${settings?.unitId ?? null}, ${body.latitude ?? null}, ${body.longitude ?? null},
            ${body.accuracyMetres === undefined ? null : Math.round(body.accuracyMetres)},
            ${verdict.distanceMetres}, ${verdict.locationName}, ${request.ip.slice(0, 45)},
            ${actor.userAgent}, ${body.note ?? null})
          returning id`)) as unknown as { rows: { id: string }[] };
        const id = inserted.rows[0]?.id ?? '';
        if (verdict.status === 'ACCEPTED')
          await storePunch(tx, deps.queue, actor, {
            workerId: worker.id,
            workerCode: worker.code,
            checkedAt: at,
            rawLine: evidenceLine(body, request.ip, verdict.distanceMetres),
          });
        const stored = await readCheckIn(tx, { id });
        if (!stored) throw new Error('check-in: the row just stored is not there');
        return stored;
      });
      return envelope(result);
    },
  );

  app.get(
    CheckInPaths.pending,
    {
      config: { auth: 'user', permission: [], module: MODULE },
      schema: {
        summary: 'Self-declared check-ins waiting for the caller (a manager of their units, or HR) to decide',
        tags,
        operationId: 'tm.check-ins.pending',
        response: { 200: DataEnvelope(Type.Array(CheckInRowSchema)), ...errorResponses },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      return envelope(
        await runAsCaller(deps.db, request, async (tx) => {
          const reach = await workerReachOf(tx, callerScope(request));
          const hr = reach.all && actor.permissions.has('timekeeping.update');
          const units = reach.all ? [] : reach.unitIds;
          if (!hr && units.length === 0) return [] as CheckInRow[];
          const scope = hr ? sql`true` : sql`w.organization_unit_id = any(${sql.param(units)}::uuid[])`;
          const selfId = reach.all ? null : (reach.self?.id ?? null);
          const rows = (await tx.execute(sql`
            select ${CHECK_IN_COLUMNS} from tm_check_ins c join workers w on w.id = c.worker_id
             where c.status = 'PENDING' and ${scope} and c.worker_id is distinct from ${selfId}::uuid
             order by c.checked_at limit ${CheckInLimits.pendingPageMax}`)) as unknown as {
            rows: CheckInSqlRow[];
          };
          return rows.rows.map(checkInRowOf);
        }),
      );
    },
  );

  for (const decision of ['confirm', 'refuse'] as const)
    app.post<{ Params: { id: string }; Body: { note?: string } }>(
      CheckInPaths[decision](':id'),
      {
        bodyLimit: CheckInLimits.bodyMaxBytes,
        config: { auth: 'user', permission: [], module: MODULE },
        schema: {
          summary:
            decision === 'confirm'
              ? 'Confirm a self-declared check-in: its punch is stored and the day computed again'
              : 'Refuse a self-declared check-in: no punch',
          tags,
          operationId: `tm.check-ins.${decision}`,
          params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
          body: Type.Optional(DecisionBody),
          response: { 200: DataEnvelope(CheckInRowSchema), ...errorResponses },
        },
      },
      async (request) => {
        const actor = requireActor(request);
        const context = actorOf(request);
        return envelope(
          await runAsCaller(deps.db, request, async (tx) => {
            const found = (await tx.execute(sql`
              select c.worker_id, c.status, c.checked_at, c.mode, c.note, w.code, w.organization_unit_id
                from tm_check_ins c join workers w on w.id = c.worker_id
               where c.id = ${request.params.id} for update of c`)) as unknown as {
              rows: {
                worker_id: string;
                status: string;
                checked_at: Date | string;
                note: string | null;
                code: string;
                organization_unit_id: string;
              }[];
            };
            const row = found.rows[0];
            if (!row) throw notFound('No such check-in');
            const reach = await workerReachOf(tx, callerScope(request));
            if (!reach.all && reach.self?.id === row.worker_id)
              throw forbiddenBecause(ForbiddenReasons.ownRecord, 'A check-in is confirmed by someone else');
            const leads = !reach.all && reach.unitIds.includes(row.organization_unit_id);
            const hr = reach.all && actor.permissions.has('timekeeping.update');
            if (!leads && !hr)
              throw forbiddenBecause(
                ForbiddenReasons.outOfScope,
                "Only the worker's manager, or HR with timekeeping.update, decides on a check-in",
              );
            if (row.status !== 'PENDING')
              throw new AppError(409, ErrorCodes.conflict, `The check-in is already ${row.status}`);
            const status = decision === 'confirm' ? 'CONFIRMED' : 'REFUSED';
            await tx.execute(sql`
              update tm_check_ins set status = ${status}, decided_by = ${context.scope.userId},
                     decided_at = ${now().toISOString()}, decision_note = ${request.body?.note ?? null}
               where id = ${request.params.id}`);
            if (status === 'CONFIRMED')
              await storePunch(tx, deps.queue, context, {
                workerId: row.worker_id,
                workerCode: row.code,
                checkedAt: new Date(row.checked_at),
                rawLine: `WEB SELF_DECLARED confirmed; ${row.note ?? ''}`,
              });
            const stored = await readCheckIn(tx, { id: request.params.id });
            if (!stored) throw notFound('No such check-in');
            return stored;
          }),
        );
      },
    );
};

/** What tm_punches.raw_line keeps of a check-in (the whole evidence is in tm_check_ins). */
function evidenceLine(body: CheckInBody, ip: string, distance: number | null): string {
  if (body.mode === 'LOCATION')
    return `WEB LOCATION ${body.latitude},${body.longitude} ±${Math.round(body.accuracyMetres ?? 0)}m d=${distance}m`;
  return `WEB ${body.mode} ${ip}`;
}

import { wallClock } from '../../../clock.ts';
import { DataEnvelope, ErrorCodes, FieldErrorKeys, PageEnvelope, PermissionResources } from '@hcm/contracts';
import {
  AdmsLimits,
  DEFAULT_DEVICE_TIME_ZONE,
  DeviceCommandStatuses,
  DeviceLimits,
  DevicePaths,
  QuarantineReasons,
  type AcceptSerialBody,
} from '@hcm/contracts/attendance-devices';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import Type from 'typebox';
import { inScope } from '../../../db/tenant-scope.ts';
import { envelope, errorResponses } from '../../../http/envelope.ts';
import { AppError, notFound, validationFailed } from '../../../http/errors.ts';
import { callerScope, requireActor, runAsCaller } from '../../../http/caller-scope.ts';
import { isTimeZone } from '../adms/local-time.ts';
import type { TmRoutes } from '../index.ts';
import { enqueueCommands, listCommands, userUpdateCommand } from './commands.ts';
import { punchRoutes } from './punch-search.ts';
import { importPunchesRoute } from './import-punches.ts';
import { admsSerials, tmDevices, tmDeviceUsers, tmPunchQuarantine } from './tables.ts';
import { workers } from '../../om/tables/workers.ts';
import { recordActions } from '../../../resources/action-log/record-actions.ts';

const module = PermissionResources.device.module;
const tags = ['tm/devices'];
const Id = Type.Object({ id: Type.String({ format: 'uuid' }) });
const iso = (value: Date | null) => (value ? value.toISOString() : null);

const CommandRow = Type.Object({
  commandNo: Type.Integer(),
  command: Type.String(),
  status: Type.Union(DeviceCommandStatuses.map((s) => Type.Literal(s))),
  returnCode: Type.Union([Type.Integer(), Type.Null()]),
  attempts: Type.Integer(),
  createdAt: Type.String(),
  sentAt: Type.Union([Type.String(), Type.Null()]),
  acknowledgedAt: Type.Union([Type.String(), Type.Null()]),
});

const QuarantineRow = Type.Object({
  id: Type.String(),
  deviceId: Type.String(),
  serialNumber: Type.String(),
  pin: Type.Union([Type.String(), Type.Null()]),
  localTime: Type.Union([Type.String(), Type.Null()]),
  reason: Type.Union(QuarantineReasons.map((r) => Type.Literal(r))),
  rawLine: Type.String(),
  receivedAt: Type.String(),
});

const PendingRow = Type.Object({
  serialNumber: Type.String(),
  firstSeenAt: Type.String(),
  lastSeenAt: Type.String(),
  sourceIp: Type.Union([Type.String(), Type.Null()]),
  pushVersion: Type.Union([Type.String(), Type.Null()]),
  requests: Type.Integer(),
});

const AcceptBody = Type.Object(
  {
    tenantId: Type.String({ format: 'uuid' }),
    code: Type.String({ minLength: 1, maxLength: DeviceLimits.code }),
    name: Type.String({ minLength: 1, maxLength: 200 }),
    timeZone: Type.Optional(Type.String({ minLength: 1, maxLength: DeviceLimits.timeZone })),
  },
  { additionalProperties: false },
);

const Limit = Type.Object(
  { limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })) },
  { additionalProperties: false },
);

/** The tenant's device, or 404 (another tenant's is invisible under row-level security). */
async function deviceOf(tx: Parameters<Parameters<typeof inScope>[2]>[0], id: string) {
  const [device] = await tx.select().from(tmDevices).where(eq(tmDevices.id, id));
  if (!device) throw notFound('No such device');
  return device;
}

/**
 * The devices' routes beyond their records (docs/attendance-devices.md): a device's command
 * queue and "sync users", the quarantined lines, the raw punches (punch-search.ts), and, for a
 * system administrator, the serials that pushed and belong to no tenant, and their acceptance
 * into a tenant.
 */
export const deviceRoutes: TmRoutes = async (app, { deps }) => {
  const { db } = deps;
  await app.register(punchRoutes, { db });
  await app.register(importPunchesRoute, { db, queue: deps.queue, clock: deps.clock ?? wallClock });

  app.get(
    '/api/tm/devices/:id/commands',
    {
      config: { auth: 'user', permission: 'device.view', module },
      schema: {
        summary: "A device's commands, newest first: queued, sent, done or failed",
        tags,
        params: Id,
        querystring: Limit,
        response: { 200: DataEnvelope(Type.Array(CommandRow)), ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const { limit = 50 } = request.query as { limit?: number };
      const rows = await runAsCaller(db, request, async (tx) => {
        const device = await deviceOf(tx, id);
        return listCommands(tx, device.tenantId, device.id, limit);
      });
      return envelope(
        rows.map((row) => ({
          commandNo: row.commandNo,
          command: row.command,
          status: row.status,
          returnCode: row.returnCode,
          attempts: row.attempts,
          createdAt: row.createdAt.toISOString(),
          sentAt: iso(row.sentAt),
          acknowledgedAt: iso(row.acknowledgedAt),
        })),
      );
    },
  );

  app.post(
    '/api/tm/devices/:id/sync-users',
    {
      config: { auth: 'user', permission: 'device.update', module },
      schema: {
        summary: 'Send the device every user mapped to it (one DATA UPDATE USERINFO command per PIN)',
        tags,
        params: Id,
        response: { 200: DataEnvelope(Type.Object({ queued: Type.Integer() })), ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const actor = requireActor(request);
      const queued = await runAsCaller(db, request, async (tx) => {
        const device = await deviceOf(tx, id);
        const users = await tx
          .select({ pin: tmDeviceUsers.pin, name: workers.fullName })
          .from(tmDeviceUsers)
          .innerJoin(
            workers,
            and(eq(workers.tenantId, tmDeviceUsers.tenantId), eq(workers.id, tmDeviceUsers.workerId)),
          )
          .where(and(eq(tmDeviceUsers.deviceId, device.id), eq(tmDeviceUsers.status, 'ACTIVE')))
          .orderBy(tmDeviceUsers.pin)
          .limit(AdmsLimits.maxSyncCommands + 1);
        if (users.length > AdmsLimits.maxSyncCommands)
          throw validationFailed(
            [
              {
                field: 'id',
                code: FieldErrorKeys.max,
                message: `at most ${AdmsLimits.maxSyncCommands} users at once`,
                params: { required: AdmsLimits.maxSyncCommands, actual: String(users.length) },
              },
            ],
            'The device has more users than one sync sends',
          );
        const numbers = await enqueueCommands(
          tx,
          { tenantId: device.tenantId, deviceId: device.id, createdBy: actor.userId },
          users.map((user) => userUpdateCommand(user.pin, user.name)),
        );
        return numbers.length;
      });
      return envelope({ queued });
    },
  );

  app.get(
    DevicePaths.quarantine,
    {
      config: { auth: 'user', permission: 'device.view', module },
      schema: {
        summary:
          'Lines devices sent that were kept out of the punches (impossible times, bad lines), newest first',
        tags,
        querystring: Type.Object(
          {
            deviceId: Type.Optional(Type.String({ format: 'uuid' })),
            limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
          },
          { additionalProperties: false },
        ),
        response: { 200: DataEnvelope(Type.Array(QuarantineRow)), ...errorResponses },
      },
    },
    async (request) => {
      const { deviceId, limit = 50 } = request.query as { deviceId?: string; limit?: number };
      const rows = await runAsCaller(db, request, (tx) =>
        tx
          .select()
          .from(tmPunchQuarantine)
          .where(deviceId ? eq(tmPunchQuarantine.deviceId, deviceId) : undefined)
          .orderBy(desc(tmPunchQuarantine.receivedAt), desc(tmPunchQuarantine.id))
          .limit(limit),
      );
      return envelope(
        rows.map((row) => ({
          id: row.id,
          deviceId: row.deviceId,
          serialNumber: row.serialNumber,
          pin: row.pin,
          localTime: row.localTime,
          reason: row.reason,
          rawLine: row.rawLine,
          receivedAt: row.receivedAt.toISOString(),
        })),
      );
    },
  );

  // The platform's pending serials: a system administrator's (tenant.*), read in the system scope.
  const systemModule = PermissionResources.tenant.module;
  app.get(
    DevicePaths.pendingSerials,
    {
      config: { auth: 'user', permission: 'tenant.view', module: systemModule },
      schema: {
        summary:
          'Serials that pushed to /iclock and belong to no tenant, last seen first (system administrators)',
        tags,
        response: { 200: PageEnvelope(PendingRow), ...errorResponses },
      },
    },
    async (request) => {
      const scope = callerScope(request);
      if (scope.tenantId !== null) throw notFound('No such list');
      const rows = await inScope(db, scope, (tx) =>
        tx
          .select()
          .from(admsSerials)
          .where(isNull(admsSerials.tenantId))
          .orderBy(sql`${admsSerials.lastSeenAt} desc nulls last`)
          .limit(AdmsLimits.maxPendingSerials),
      );
      return {
        data: rows.map((row) => ({
          serialNumber: row.serialNumber,
          firstSeenAt: row.firstSeenAt.toISOString(),
          lastSeenAt: (row.lastSeenAt ?? row.firstSeenAt).toISOString(),
          sourceIp: row.sourceIp,
          pushVersion: row.pushVersion,
          requests: row.requests,
        })),
        page: { pageIndex: 1, pageSize: AdmsLimits.maxPendingSerials, total: rows.length },
      };
    },
  );

  app.post(
    '/api/tm/adms/pending-serials/:serial/accept',
    {
      config: { auth: 'user', permission: 'tenant.update', module: systemModule },
      schema: {
        summary:
          "Accept a pending serial into a tenant: makes the tenant's device record and binds the serial to it",
        tags,
        params: Type.Object({ serial: Type.String({ minLength: 4, maxLength: DeviceLimits.serialNumber }) }),
        body: AcceptBody,
        response: { 200: DataEnvelope(Type.Object({ deviceId: Type.String() })), ...errorResponses },
      },
    },
    async (request) => {
      const scope = callerScope(request);
      if (scope.tenantId !== null) throw notFound('No such list');
      const serial = (request.params as { serial: string }).serial.toUpperCase();
      const body = request.body as AcceptSerialBody;
      const timeZone = body.timeZone ?? DEFAULT_DEVICE_TIME_ZONE;
      if (!isTimeZone(timeZone))
        throw validationFailed(
          [{ field: 'timeZone', code: FieldErrorKeys.invalidValue, message: 'is not an IANA time zone' }],
          'The time zone is not one the server knows',
        );
      const pending = await inScope(db, scope, async (tx) => {
        const [row] = await tx.select().from(admsSerials).where(eq(admsSerials.serialNumber, serial));
        const tenant = (await tx.execute(
          sql`select 1 from tenants where id = ${body.tenantId}::uuid`,
        )) as unknown as {
          rows: unknown[];
        };
        if (tenant.rows.length === 0)
          throw validationFailed(
            [{ field: 'tenantId', code: FieldErrorKeys.invalidValue, message: 'is not a tenant' }],
            'No such tenant',
          );
        return row;
      });
      if (!pending || pending.tenantId) throw notFound('No such pending serial');
      // The device is the tenant's record: made in the tenant's scope, by the administrator.
      const deviceId = await inScope(db, { tenantId: body.tenantId, userId: scope.userId }, async (tx) => {
        const [clash] = await tx
          .select({ id: tmDevices.id })
          .from(tmDevices)
          .where(sql`lower(${tmDevices.code}) = lower(${body.code})`);
        if (clash)
          throw new AppError(409, ErrorCodes.conflict, 'The tenant already has a device with this code', [
            { field: 'code', code: FieldErrorKeys.invalidValue, message: 'is already used' },
          ]);
        const [made] = await tx
          .insert(tmDevices)
          .values({
            tenantId: body.tenantId,
            code: body.code,
            name: body.name,
            serialNumber: serial,
            timeZone,
            lastSeenIp: pending.sourceIp,
            createdBy: scope.userId,
            lastModifiedBy: scope.userId,
          })
          .returning({ id: tmDevices.id });
        if (!made) throw notFound('No such tenant');
        const bound = (await tx.execute(
          sql`select hcm_adms_bind_serial(${serial}, ${made.id}::uuid) as outcome`,
        )) as unknown as { rows: { outcome: string }[] };
        if (bound.rows[0]?.outcome !== 'BOUND')
          throw new AppError(409, ErrorCodes.conflict, 'Another device took this serial meanwhile');
        // in the tenant's action log, as the administrator's creation of the device record
        await recordActions(
          tx,
          {
            scope: { tenantId: body.tenantId, userId: scope.userId },
            ip: request.ip ?? null,
            userAgent: request.headers['user-agent'] ?? null,
          },
          [
            {
              resource: 'device',
              recordId: made.id,
              action: 'CREATE',
              changes: {
                code: { before: null, after: body.code },
                name: { before: null, after: body.name },
                serialNumber: { before: null, after: serial },
                timeZone: { before: null, after: timeZone },
              },
            },
          ],
        );
        return made.id;
      });
      return envelope({ deviceId });
    },
  );
};

import type { Clock } from '../../../clock.ts';
import { DataEnvelope, FieldErrorKeys, PermissionResources, type FieldError } from '@hcm/contracts';
import { DEFAULT_DEVICE_TIME_ZONE, DevicePaths, PIN_PATTERN } from '@hcm/contracts/attendance-devices';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import Type from 'typebox';
import { writeBatch } from '../../../bulk/index.ts';
import type { Db, Tx } from '../../../db/database.ts';
import { envelope, errorResponses } from '../../../http/envelope.ts';
import { validationFailed } from '../../../http/errors.ts';
import { callerScope, runAsCaller } from '../../../http/caller-scope.ts';
import { readUpload } from '../../../resources/import/read-upload.ts';
import { workers } from '../../om/tables/workers.ts';
import type { JobQueue } from '../../../jobs/job-queue.ts';
import { punchStore } from '../tables/punches.ts';
import { requestRecomputationForPunches } from '../timesheet/recompute-keys.ts';
import { localTimeToInstant } from '../adms/local-time.ts';
import { importTime, readPunchFile, type PunchFileRow } from './punch-file.ts';
import { tmDevices, tmDeviceUsers } from './tables.ts';

/*
 * Punches from other systems (issue 30 item 6, "spreadsheet/CSV import"): a CSV file or an .xlsx
 * workbook (punch-file.ts) into the same idempotent store as the devices' pushes, tm_punches,
 * keyed on (time, device, PIN). docs/attendance-devices.md, "Importing punches".
 */

/** The device code of punches that name no device: the worker's code is their PIN. */
export const IMPORT_DEVICE_CODE = 'IMPORT';
const MAX_PROBLEMS = 20;
const PIN = new RegExp(PIN_PATTERN);

interface Device {
  id: string;
  serial: string;
  code: string;
  zone: string;
}

/** The devices, workers and PIN mappings the rows name, in three queries. */
async function lookups(tx: Tx, tenantId: string, rows: readonly PunchFileRow[]) {
  const named = [...new Set(rows.map((row) => row.device.toLowerCase()).filter((name) => name !== ''))];
  const devices = new Map<string, Device>();
  if (named.length > 0)
    for (const device of await tx
      .select({
        id: tmDevices.id,
        serial: tmDevices.serialNumber,
        code: tmDevices.code,
        zone: tmDevices.timeZone,
      })
      .from(tmDevices)
      .where(
        sql`lower(${tmDevices.serialNumber}) = any(${sql.param(named)}::text[]) or lower(${tmDevices.code}) = any(${sql.param(named)}::text[])`,
      )) {
      devices.set(device.serial.toLowerCase(), device);
      devices.set(device.code.toLowerCase(), device);
    }
  const codes = [...new Set(rows.map((row) => row.workerCode.toLowerCase()).filter((code) => code !== ''))];
  const workerIds = new Map<string, string>();
  for (let start = 0; start < codes.length; start += 1000)
    for (const worker of await tx
      .select({ id: workers.id, code: workers.code })
      .from(workers)
      .where(
        and(
          eq(workers.tenantId, tenantId),
          inArray(sql`lower(${workers.code})`, codes.slice(start, start + 1000)),
        ),
      ))
      workerIds.set(worker.code.toLowerCase(), worker.id);
  const ids = [...new Set([...devices.values()].map((device) => device.id))];
  const mappings = new Map<string, { pin: string; workerId: string }[]>();
  if (ids.length > 0)
    for (const mapping of await tx
      .select({ deviceId: tmDeviceUsers.deviceId, pin: tmDeviceUsers.pin, workerId: tmDeviceUsers.workerId })
      .from(tmDeviceUsers)
      .where(and(inArray(tmDeviceUsers.deviceId, ids), eq(tmDeviceUsers.status, 'ACTIVE'))))
      mappings.set(mapping.deviceId, [...(mappings.get(mapping.deviceId) ?? []), mapping]);
  return { devices, workerIds, mappings };
}

/**
 * POST /api/tm/punches/import (multipart, one CSV or .xlsx file): every row checked first, all or
 * nothing. A row names its time and either a worker's code (stored under the device IMPORT with
 * the code as its PIN, read in Vietnam's time) or a device (its serial or code) with a PIN or a
 * worker's code mapped on it (read in the device's time zone). The same file imported again
 * writes nothing: the store's key.
 */
export const importPunchesRoute: FastifyPluginAsync<{
  db: Db;
  queue: Pick<JobQueue, 'enqueue'>;
  /** the server's clock (tests move it) */
  clock: Clock;
}> = async (app, { db, queue, clock }) => {
  app.post(
    DevicePaths.punchesImport,
    {
      config: {
        auth: 'user',
        permission: 'user_access_control.create',
        module: PermissionResources.user_access_control.module,
      },
      schema: {
        summary:
          'Import punches from a CSV or .xlsx file (time; worker_code, or device and pin) into the idempotent punch store',
        tags: ['tm/punches'],
        consumes: ['multipart/form-data'],
        response: {
          200: DataEnvelope(
            Type.Object({ received: Type.Integer(), written: Type.Integer(), unchanged: Type.Integer() }),
          ),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const scope = callerScope(request);
      const tenantId = scope.tenantId;
      if (!tenantId) throw validationFailed([], 'Punches belong to a tenant');
      const rows = await readPunchFile(await readUpload(request, reply));
      const result = await runAsCaller(db, request, async (tx) => {
        const { devices, workerIds, mappings } = await lookups(tx, tenantId, rows);
        const problems: FieldError[] = [];
        const refuse = (row: PunchFileRow, field: string, message: string) => {
          if (problems.length < MAX_PROBLEMS)
            problems.push({
              field: `rows[${row.line}].${field}`,
              code: FieldErrorKeys.invalidValue,
              message,
            });
        };
        // a file is read by a person before it is sent: only a time ahead of the server's day is refused
        const latest = clock().getTime() + 24 * 3_600_000;
        const punches = [];
        for (const row of rows) {
          const device = row.device ? devices.get(row.device.toLowerCase()) : undefined;
          if (row.device && !device) {
            refuse(row, 'device', `no device has the serial or code ${row.device}`);
            continue;
          }
          const fields = importTime(row.time);
          const instant = fields
            ? localTimeToInstant(fields, device?.zone ?? DEFAULT_DEVICE_TIME_ZONE)
            : null;
          if (!instant || instant.getTime() < Date.UTC(2000, 0, 1) || instant.getTime() > latest) {
            refuse(
              row,
              'time',
              'must be a time yyyy-MM-dd HH:mm[:ss] or dd/MM/yyyy HH:mm[:ss], after 2000 and not ahead of now',
            );
            continue;
          }
          const workerId = row.workerCode ? workerIds.get(row.workerCode.toLowerCase()) : undefined;
          if (row.workerCode && !workerId) {
            refuse(row, 'workerCode', `no employee has the code ${row.workerCode}`);
            continue;
          }
          const mapped = device ? (mappings.get(device.id) ?? []) : [];
          const pin = device
            ? row.pin || mapped.find((mapping) => mapping.workerId === workerId)?.pin || ''
            : row.workerCode.toUpperCase();
          if (!PIN.test(pin)) {
            refuse(
              row,
              'pin',
              device ? 'a PIN of the device, or an employee who has one on it' : 'a worker code or a device',
            );
            continue;
          }
          punches.push({
            punchedAt: instant,
            deviceCode: device ? device.serial.toUpperCase() : IMPORT_DEVICE_CODE,
            attendanceCode: pin,
            workerId: workerId ?? mapped.find((mapping) => mapping.pin === pin)?.workerId ?? null,
            source: 'IMPORT' as const,
            rawLine: `${row.time};${row.workerCode};${row.device};${row.pin}`.slice(0, 500),
          });
        }
        if (problems.length > 0)
          throw validationFailed(
            problems,
            `The file cannot be imported (nothing was written): ${problems[0]?.message ?? ''}`,
          );
        const once = new Map(
          punches.map((p) => [`${p.punchedAt.toISOString()}\t${p.deviceCode}\t${p.attendanceCode}`, p]),
        );
        if (once.size === 0) return { received: rows.length, written: 0, unchanged: 0 };
        const written = await writeBatch(tx, punchStore, [...once.values()], {
          actor: { scope, ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null },
          describe: { file: 'punches', rows: rows.length },
        });
        // the days the new punches touch are computed again (docs/timesheet-engine.md)
        if (written.written > 0) await requestRecomputationForPunches(tx, queue, tenantId, once.values());
        return { received: rows.length, written: written.written, unchanged: rows.length - written.written };
      });
      return envelope(result);
    },
  );
};

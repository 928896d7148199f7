import { ErrorCodes, FieldErrorKeys } from '@hcm/contracts';
import { deviceContract, deviceUserContract } from '@hcm/contracts/attendance-devices';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import { AppError, validationFailed } from '../../../http/errors.ts';
import { bindResource, type ResourceDefinition } from '../../../resources/index.ts';
import { workers } from '../../om/tables/workers.ts';
import { tmPunches } from '../tables/punches.ts';
import { recomputeQueue } from '../timesheet/engine-queue.ts';
import { requestRecomputationForPunches } from '../timesheet/recompute-keys.ts';
import { isTimeZone } from '../adms/local-time.ts';
import { enqueueCommands, userDeleteCommand, userUpdateCommand } from './commands.ts';
import { tmDevices, tmDeviceUsers } from './tables.ts';

type Row = Record<string, unknown>;

const taken = (field: string, message: string) =>
  new AppError(409, ErrorCodes.conflict, message, [
    { field, code: FieldErrorKeys.invalidValue, message: 'is already used' },
  ]);

/** A serial as devices send it and the register keeps it: upper case. */
const serialOf = (value: unknown) => (typeof value === 'string' ? value.trim().toUpperCase() : value);

/** Whether no other device, of this tenant or another, holds the serial (migration 0058). */
async function serialFree(tx: Tx, serial: string, deviceId: string | null): Promise<boolean> {
  const result = (await tx.execute(
    sql`select hcm_adms_serial_free(${serial}, ${deviceId}::uuid) as free`,
  )) as unknown as { rows: { free: boolean }[] };
  return result.rows[0]?.free === true;
}

/** Binds the device's serial in the platform's register; 409 when another device took it meanwhile. */
async function bindSerial(tx: Tx, serial: string, deviceId: string): Promise<void> {
  const result = (await tx.execute(
    sql`select hcm_adms_bind_serial(${serial}, ${deviceId}::uuid) as outcome`,
  )) as unknown as { rows: { outcome: string }[] };
  if (result.rows[0]?.outcome !== 'BOUND')
    throw taken('serialNumber', 'Another device on the platform already has this serial number');
}

function refuseUnknownZone(changes: Row): void {
  const zone = changes.timeZone;
  if (typeof zone === 'string' && !isTimeZone(zone))
    throw validationFailed(
      [
        {
          field: 'timeZone',
          code: FieldErrorKeys.invalidValue,
          message: 'is not an IANA time zone (e.g. Asia/Ho_Chi_Minh)',
          params: { actual: zone },
        },
      ],
      'The time zone is not one the server knows',
    );
}

/**
 * Timekeeping › Devices › Timekeepers bound to tm_devices (migration 0058). Its serial is unique
 * across the platform: checked against the register before the write (409 on serialNumber) and
 * bound to the device after it (adms_serials, through hcm_adms_bind_serial); a device deleted
 * frees it (the register's foreign key cascades).
 */
export const deviceResource = bindResource(deviceContract, {
  table: tmDevices,
  hooks: {
    async validate({ tx }, changes, before) {
      refuseUnknownZone(changes);
      const serial = serialOf(changes.serialNumber);
      if (typeof serial === 'string' && !(await serialFree(tx, serial, (before?.id as string) ?? null)))
        throw taken('serialNumber', 'Another device on the platform already has this serial number');
    },
    // Kept as devices send it and the register holds it: upper case.
    beforeCreate(_context, values) {
      values.serialNumber = serialOf(values.serialNumber);
    },
    beforeUpdate(_context, _before, changes) {
      if (changes.serialNumber !== undefined) changes.serialNumber = serialOf(changes.serialNumber);
    },
    async afterCreate({ tx }, record) {
      await bindSerial(tx, String(record.serialNumber), String(record.id));
    },
    async afterUpdate({ tx }, before, after) {
      if (after.serialNumber !== before.serialNumber)
        await bindSerial(tx, String(after.serialNumber), String(after.id));
    },
  },
});

/** The serial and name a mapping's commands and back-fill need. */
async function partsOf(tx: Tx, tenantId: string, deviceId: unknown, workerId: unknown) {
  const [device] = await tx
    .select({ serial: tmDevices.serialNumber })
    .from(tmDevices)
    .where(and(eq(tmDevices.tenantId, tenantId), eq(tmDevices.id, String(deviceId))));
  const [worker] = await tx
    .select({ name: workers.fullName })
    .from(workers)
    .where(and(eq(workers.tenantId, tenantId), eq(workers.id, String(workerId))));
  return { serial: device?.serial ?? '', name: worker?.name ?? '' };
}

/**
 * Punches that arrived before anyone said whose PIN it was get their worker now. Punches
 * already matched keep theirs: a PIN given to another worker later does not rewrite history.
 */
async function matchEarlierPunches(tx: Tx, tenantId: string, serial: string, pin: string, workerId: string) {
  const matched = await tx
    .update(tmPunches)
    .set({ workerId })
    .where(
      and(
        eq(tmPunches.tenantId, tenantId),
        eq(tmPunches.deviceCode, serial),
        eq(tmPunches.attendanceCode, pin),
        isNull(tmPunches.workerId),
      ),
    )
    .returning({ workerId: tmPunches.workerId, punchedAt: tmPunches.punchedAt });
  // their days now have punches: the timesheet engine computes them again
  const queue = recomputeQueue();
  if (queue && matched.length > 0) await requestRecomputationForPunches(tx, queue, tenantId, matched);
}

async function refuseTakenPin(tx: Tx, tenantId: string, row: Row, exceptId: string | null) {
  const clash = await tx
    .select({ id: tmDeviceUsers.id, pin: tmDeviceUsers.pin, workerId: tmDeviceUsers.workerId })
    .from(tmDeviceUsers)
    .where(
      and(
        eq(tmDeviceUsers.tenantId, tenantId),
        eq(tmDeviceUsers.deviceId, String(row.deviceId)),
        sql`(${tmDeviceUsers.pin} = ${String(row.pin)} or ${tmDeviceUsers.workerId} = ${String(row.workerId)}::uuid)`,
        exceptId ? sql`${tmDeviceUsers.id} <> ${exceptId}::uuid` : sql`true`,
      ),
    )
    .limit(2);
  if (clash.some((other) => other.pin === row.pin))
    throw taken('pin', 'Another user of this device already has this PIN');
  if (clash.length > 0) throw taken('workerId', 'This employee already has a PIN on this device');
}

/** Sends the device what changed: the user put on (or replaced), or taken off. */
async function sendToDevice(tx: Tx, tenantId: string, by: string | null, row: Row, present: boolean) {
  const { serial, name } = await partsOf(tx, tenantId, row.deviceId, row.workerId);
  const pin = String(row.pin);
  const target = { tenantId, deviceId: String(row.deviceId), createdBy: by };
  await enqueueCommands(tx, target, [present ? userUpdateCommand(pin, name) : userDeleteCommand(pin)]);
  if (present && serial) await matchEarlierPunches(tx, tenantId, serial, pin, String(row.workerId));
}

/**
 * User access control bound to tm_device_users: a PIN unique per device, one PIN per worker per
 * device (409 on the field). Each change queues the command that tells the device (put the user
 * on, take the old one off), and a new mapping gives its worker the punches of that PIN that
 * arrived before it.
 */
export const deviceUserResource = bindResource(deviceUserContract, {
  table: tmDeviceUsers,
  references: { deviceId: tmDevices, workerId: workers },
  hooks: {
    async validate({ tx, caller }, changes, before) {
      if (!caller.tenantId) return;
      const merged = { ...(before ?? {}), ...changes };
      await refuseTakenPin(tx, caller.tenantId, merged, (before?.id as string) ?? null);
    },
    async afterCreate({ tx, caller }, record) {
      if (caller.tenantId && record.status !== 'INACTIVE')
        await sendToDevice(tx, caller.tenantId, caller.userId, record, true);
    },
    async afterUpdate({ tx, caller }, before, after) {
      if (!caller.tenantId || after.status === 'INACTIVE') return;
      const moved = before.deviceId !== after.deviceId || before.pin !== after.pin;
      if (moved) await sendToDevice(tx, caller.tenantId, caller.userId, before, false);
      await sendToDevice(tx, caller.tenantId, caller.userId, after, true);
    },
    async afterDelete({ tx, caller }, record) {
      if (caller.tenantId && record.status !== 'INACTIVE')
        await sendToDevice(tx, caller.tenantId, caller.userId, record, false);
    },
    async onStatusChange({ tx, caller }, before, after) {
      if (!caller.tenantId || before.status === after.status) return;
      await sendToDevice(tx, caller.tenantId, caller.userId, after, after.status === 'ACTIVE');
    },
  },
});

/** The devices' records. */
export const deviceResources: readonly ResourceDefinition[] = [deviceResource, deviceUserResource];

import { AdmsLimits } from '@hcm/contracts/attendance-devices';
import { and, asc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import { writeBatch } from '../../../bulk/index.ts';
import type { ActionContext } from '../../../resources/action-log/record-actions.ts';
import { punchStore } from '../tables/punches.ts';
import { tmDeviceCommands, tmDevices, tmDeviceUsers, tmPunchQuarantine } from '../devices/tables.ts';
import type { JobQueue } from '../../../jobs/job-queue.ts';
import { requestRecomputationForPunches } from '../timesheet/recompute-keys.ts';
import type { SortedUpload } from './attlog.ts';

/*
 * What a known device's requests do inside its tenant's scope (row-level security confines
 * every statement to that tenant): find the device, note that it was seen, store its punches,
 * hand it its commands, take its acknowledgements.
 */

export interface KnownDevice {
  tenantId: string;
  id: string;
  serialNumber: string;
  timeZone: string;
  attlogStamp: string | null;
}

/** The tenant's ACTIVE device with this id and serial, or null (deleted, switched off, serial changed). */
export async function findDevice(tx: Tx, tenantId: string, deviceId: string, serial: string) {
  const [device] = await tx
    .select({
      tenantId: tmDevices.tenantId,
      id: tmDevices.id,
      serialNumber: tmDevices.serialNumber,
      timeZone: tmDevices.timeZone,
      attlogStamp: tmDevices.attlogStamp,
      status: tmDevices.status,
    })
    .from(tmDevices)
    .where(and(eq(tmDevices.tenantId, tenantId), eq(tmDevices.id, deviceId)));
  if (!device || device.status !== 'ACTIVE' || device.serialNumber.toUpperCase() !== serial) return null;
  return device satisfies KnownDevice;
}

/** The device was seen now, from this address, speaking this push version. */
export async function touchDevice(
  tx: Tx,
  device: KnownDevice,
  seen: { at: Date; ip: string | null; pushVersion: string | null; attlogStamp?: string },
) {
  await tx
    .update(tmDevices)
    .set({
      lastSeenAt: seen.at,
      lastSeenIp: seen.ip,
      ...(seen.pushVersion ? { pushVersion: seen.pushVersion } : {}),
      ...(seen.attlogStamp ? { attlogStamp: seen.attlogStamp } : {}),
    })
    .where(and(eq(tmDevices.tenantId, device.tenantId), eq(tmDevices.id, device.id)));
}

/**
 * Stores an upload: its punches into tm_punches through the bulk path (ON CONFLICT DO NOTHING on
 * (tenant, time, device, PIN): a line sent again is stored once), each with the worker its PIN
 * is mapped to on this device (null when none is yet: matched when the mapping is made), and
 * its quarantined lines beside them. One action-log entry for the batch.
 */
export async function storeAttlog(
  tx: Tx,
  queue: Pick<JobQueue, 'enqueue'>,
  device: KnownDevice,
  upload: SortedUpload,
  actor: ActionContext,
) {
  const pins = [...new Set(upload.punches.map((punch) => punch.pin))];
  const mapped = new Map<string, string>();
  for (let start = 0; start < pins.length; start += 1000) {
    const rows = await tx
      .select({ pin: tmDeviceUsers.pin, workerId: tmDeviceUsers.workerId })
      .from(tmDeviceUsers)
      .where(
        and(
          eq(tmDeviceUsers.tenantId, device.tenantId),
          eq(tmDeviceUsers.deviceId, device.id),
          eq(tmDeviceUsers.status, 'ACTIVE'),
          inArray(tmDeviceUsers.pin, pins.slice(start, start + 1000)),
        ),
      );
    for (const row of rows) mapped.set(row.pin, row.workerId);
  }
  // One row per key: a device that repeats a line within one upload sends it once here too.
  const once = new Map(
    upload.punches.map((punch) => [`${punch.punchedAt.toISOString()}\t${punch.pin}`, punch]),
  );
  const result =
    once.size === 0
      ? null
      : await writeBatch(
          tx,
          punchStore,
          [...once.values()].map((punch) => ({
            punchedAt: punch.punchedAt,
            deviceCode: device.serialNumber,
            attendanceCode: punch.pin,
            workerId: mapped.get(punch.pin) ?? null,
            source: 'DEVICE' as const,
            rawLine: punch.rawLine,
          })),
          { actor, describe: { device: device.serialNumber, table: 'ATTLOG', lines: upload.lines } },
        );
  // The days these punches touch are computed again (docs/timesheet-engine.md), in this
  // transaction: only when something new was stored, so a device resending what it sent asks
  // for nothing.
  if (result && result.written > 0)
    await requestRecomputationForPunches(
      tx,
      queue,
      device.tenantId,
      [...once.values()].map((punch) => ({
        workerId: mapped.get(punch.pin) ?? null,
        punchedAt: punch.punchedAt,
      })),
    );
  if (upload.quarantined.length > 0)
    await tx
      .insert(tmPunchQuarantine)
      .values(
        upload.quarantined.map((line) => ({
          tenantId: device.tenantId,
          deviceId: device.id,
          serialNumber: device.serialNumber,
          pin: line.pin,
          localTime: line.localTime,
          reason: line.reason,
          rawLine: line.rawLine,
        })),
      )
      .onConflictDoNothing();
  return { written: result?.written ?? 0, unchanged: result?.unchanged ?? 0 };
}

/**
 * The commands to hand the device on this heartbeat: those queued, and those sent without an
 * acknowledgement for AdmsLimits.commandRetryMinutes (the answer may have been lost), oldest
 * first, at most AdmsLimits.commandsPerHeartbeat. A command sent commandAttempts times without
 * an answer is FAILED. Marked SENT in the same transaction.
 */
export async function takeCommands(tx: Tx, device: KnownDevice, now: Date) {
  const retryBefore = new Date(now.getTime() - AdmsLimits.commandRetryMinutes * 60_000);
  const mine = and(eq(tmDeviceCommands.tenantId, device.tenantId), eq(tmDeviceCommands.deviceId, device.id));
  await tx
    .update(tmDeviceCommands)
    .set({ status: 'FAILED' })
    .where(
      and(
        mine,
        eq(tmDeviceCommands.status, 'SENT'),
        lt(tmDeviceCommands.sentAt, retryBefore),
        sql`${tmDeviceCommands.attempts} >= ${AdmsLimits.commandAttempts}`,
      ),
    );
  const due = await tx
    .select({ commandNo: tmDeviceCommands.commandNo, command: tmDeviceCommands.command })
    .from(tmDeviceCommands)
    .where(
      and(
        mine,
        or(
          eq(tmDeviceCommands.status, 'QUEUED'),
          and(eq(tmDeviceCommands.status, 'SENT'), lt(tmDeviceCommands.sentAt, retryBefore)),
        ),
      ),
    )
    .orderBy(asc(tmDeviceCommands.commandNo))
    .limit(AdmsLimits.commandsPerHeartbeat)
    .for('update', { skipLocked: true });
  if (due.length > 0)
    await tx
      .update(tmDeviceCommands)
      .set({ status: 'SENT', sentAt: now, attempts: sql`${tmDeviceCommands.attempts} + 1` })
      .where(
        and(
          mine,
          inArray(
            tmDeviceCommands.commandNo,
            due.map((command) => command.commandNo),
          ),
        ),
      );
  return due;
}

export interface Acknowledgement {
  commandNo: number;
  returnCode: number;
}

/** The device's answers: DONE when Return ≥ 0, FAILED below. Answers for commands it was never sent are ignored. */
export async function acknowledge(
  tx: Tx,
  device: KnownDevice,
  answers: readonly Acknowledgement[],
  now: Date,
) {
  let applied = 0;
  for (const answer of answers) {
    const updated = await tx
      .update(tmDeviceCommands)
      .set({
        status: answer.returnCode >= 0 ? 'DONE' : 'FAILED',
        returnCode: answer.returnCode,
        acknowledgedAt: now,
      })
      .where(
        and(
          eq(tmDeviceCommands.tenantId, device.tenantId),
          eq(tmDeviceCommands.deviceId, device.id),
          eq(tmDeviceCommands.commandNo, answer.commandNo),
          inArray(tmDeviceCommands.status, ['SENT', 'FAILED']),
        ),
      )
      .returning({ commandNo: tmDeviceCommands.commandNo });
    applied += updated.length;
  }
  return applied;
}

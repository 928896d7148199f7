import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import { tmDeviceCommands, tmDevices } from './tables.ts';

/*
 * A device's command queue (docs/attendance-devices.md, "Commands"): written here, handed to the
 * device on its heartbeat (adms/heartbeat.ts), acknowledged by its devicecmd.
 */

/** Text a device stores as a user's name: no tabs or line breaks (the protocol's separators), 24 characters. */
export function deviceText(value: string, max = 24): string {
  return value
    .replace(/[\t\r\n]+/g, ' ')
    .trim()
    .slice(0, max);
}

/** The command that puts a user (PIN, name) on a device, or replaces it. */
export const userUpdateCommand = (pin: string, name: string): string =>
  `DATA UPDATE USERINFO PIN=${pin}\tName=${deviceText(name)}\tPri=0`;

/** The command that takes a user off a device. */
export const userDeleteCommand = (pin: string): string => `DATA DELETE USERINFO PIN=${pin}`;

/**
 * Queues `commands` for the device, numbered from its counter (one UPDATE reserves the numbers:
 * two writers in the same device take turns on its row). Answers the numbers given.
 */
export async function enqueueCommands(
  tx: Tx,
  target: { tenantId: string; deviceId: string; createdBy: string | null },
  commands: readonly string[],
): Promise<number[]> {
  if (commands.length === 0) return [];
  const [reserved] = await tx
    .update(tmDevices)
    .set({ nextCommandNo: sql`${tmDevices.nextCommandNo} + ${commands.length}` })
    .where(and(eq(tmDevices.tenantId, target.tenantId), eq(tmDevices.id, target.deviceId)))
    .returning({ next: tmDevices.nextCommandNo });
  if (!reserved) return [];
  const first = reserved.next - commands.length;
  const numbers = commands.map((_, i) => first + i);
  for (let start = 0; start < commands.length; start += 1000)
    await tx.insert(tmDeviceCommands).values(
      commands.slice(start, start + 1000).map((command, i) => ({
        tenantId: target.tenantId,
        deviceId: target.deviceId,
        commandNo: first + start + i,
        command,
        createdBy: target.createdBy,
      })),
    );
  return numbers;
}

/** A device's commands, newest first, at most `limit`. */
export function listCommands(tx: Tx, tenantId: string, deviceId: string, limit: number) {
  return tx
    .select()
    .from(tmDeviceCommands)
    .where(and(eq(tmDeviceCommands.tenantId, tenantId), eq(tmDeviceCommands.deviceId, deviceId)))
    .orderBy(sql`${tmDeviceCommands.commandNo} desc`)
    .limit(limit);
}

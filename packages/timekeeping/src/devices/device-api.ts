import {
  DevicePaths,
  type DeviceCommandRow,
  type PunchRow,
  type QuarantinedPunch,
} from '@hcm/contracts/attendance-devices';
import { api, http } from '@hcm/session';

/** What the punch search asks: the days (yyyy-MM-dd, both included), a device, a worker. */
export interface PunchFilter {
  from: string;
  to: string;
  deviceId: string | null;
  workerId: string | null;
  /** the workers of this unit and of the units below it */
  unitId: string | null;
}

const query = (filter: PunchFilter) => ({
  from: filter.from,
  to: filter.to,
  ...(filter.deviceId ? { deviceId: filter.deviceId } : {}),
  ...(filter.workerId ? { workerId: filter.workerId } : {}),
  ...(filter.unitId ? { organizationUnitId: filter.unitId } : {}),
});

/** One keyset page of raw punches (GET /api/tm/punches); `cursor` the page before's nextCursor. */
export const punchPage = (filter: PunchFilter, cursor: string | null, pageSize = 50) =>
  api.getPage<PunchRow>(DevicePaths.punches, {
    params: { ...query(filter), pageSize, ...(cursor ? { cursor } : {}) },
    ignoreError: true,
  });

/** The same punches as a CSV file, offered to the user as a download. */
export async function exportPunches(filter: PunchFilter): Promise<void> {
  const response = await http.get<Blob>(DevicePaths.punchesExport, {
    params: query(filter),
    responseType: 'blob',
    loading: true,
  });
  const url = URL.createObjectURL(response.data);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = `punches_${filter.from}_${filter.to}.csv`;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** What an import came to: rows read, punches stored, rows already stored (or repeated). */
export interface ImportedPunches {
  received: number;
  written: number;
  unchanged: number;
}

/** Uploads a CSV of punches (POST /api/tm/punches/import); the server's 400 lists the rows it refused. */
export function importPunches(file: File): Promise<ImportedPunches> {
  const body = new FormData();
  body.append('file', file, file.name);
  return api.post<ImportedPunches>(DevicePaths.punchesImport, body, { ignoreError: true, loading: true });
}

export const deviceCommands = (deviceId: string) =>
  api.get<DeviceCommandRow[]>(DevicePaths.commands(deviceId), { ignoreError: true });

export const syncUsers = (deviceId: string) =>
  api.post<{ queued: number }>(DevicePaths.syncUsers(deviceId), undefined, { ignoreError: true });

export const quarantinedLines = (deviceId: string) =>
  api.get<QuarantinedPunch[]>(DevicePaths.quarantine, { params: { deviceId }, ignoreError: true });

/** A device's record as the detail answers it (the fields the setup page shows). */
export interface DeviceSummary {
  id: string;
  code: string;
  name: string;
  serialNumber: string;
  timeZone: string;
  lastSeenAt: string | null;
  lastSeenIp: string | null;
  status: 'ACTIVE' | 'INACTIVE';
}

export const deviceOf = (id: string) =>
  api.get<DeviceSummary>(`/api/tm/devices/${id}`, { ignoreError: true });

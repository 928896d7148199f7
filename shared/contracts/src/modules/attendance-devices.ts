import { FieldLimits, Patterns } from '../limits.ts';
import { defineContract, type RecordOf } from '../resource/contract.ts';
import { f } from '../resource/fields.ts';
import { CommonLabels, label } from '../resource/label.ts';
import { ResourceTitles } from '../resource/titles.ts';

/*
 * Timekeeping › Devices (catalogues §2.1 "Devices: device-manager, setup-devices, employee,
 * search-data"; §5.2 "device code 255; mac 20; gate 5"): the time clocks a tenant owns, which
 * worker is which PIN on which clock, and what the clocks said. The clocks push over ZKTeco's
 * ADMS ("iclock") protocol (docs/attendance-devices.md); a clock is known by its serial number,
 * unique across the whole platform.
 */

const l = (key: string, vi: string, en: string) => label(`tm.device.${key}`, vi, en);

/** The limits of the device record (catalogues §5.2) and of what one ADMS request may carry. */
export const DeviceLimits = {
  code: 255,
  serialNumber: 50,
  ipAddress: 45,
  mac: 20,
  gate: 5,
  location: 200,
  timeZone: 64,
  pin: 24,
} as const;

/** The time zone a device gets unless told otherwise: Vietnam's (+07, no daylight saving). */
export const DEFAULT_DEVICE_TIME_ZONE = 'Asia/Ho_Chi_Minh';

/**
 * What the /iclock endpoint accepts in one request and which device times it believes
 * (docs/attendance-devices.md, "Limits" and "Quarantine"). Technical bounds of the protocol, not
 * labour rules: they are the same for every tenant.
 */
export const AdmsLimits = {
  /** the body of one upload, in bytes */
  maxBodyBytes: 1_048_576,
  /** lines of one upload (a ZKTeco device sends a few hundred at a time) */
  maxLines: 10_000,
  /** a punch older than this many days before it arrives is quarantined (a clock reset to 2000) */
  pastDays: 400,
  /** a punch later than this many hours after it arrives is quarantined (a clock far ahead) */
  futureHours: 24,
  /** commands handed to a device on one heartbeat */
  commandsPerHeartbeat: 20,
  /** a command sent but not acknowledged is sent again after this many minutes, at most `commandAttempts` times */
  commandRetryMinutes: 10,
  commandAttempts: 3,
  /** serials waiting for an administrator: beyond this many, a new unknown serial is refused without being listed */
  maxPendingSerials: 1_000,
  /** commands "sync users" may enqueue at once (one per mapped PIN) */
  maxSyncCommands: 5_000,
} as const;

/** A serial number as devices send it: letters and digits (ZKTeco's are 13 to 16 characters). */
export const SERIAL_NUMBER_PATTERN = Patterns.code;

/** A MAC address: six bytes in hex, separated by colons or hyphens or not at all. */
export const MAC_ADDRESS_PATTERN = '^[0-9A-Fa-f]{2}([-:]?[0-9A-Fa-f]{2}){5}$';

/** An IPv4 or IPv6 address as typed (checked for its characters; the device reports its own). */
export const IP_ADDRESS_PATTERN = '^[0-9A-Fa-f:.]{2,45}$';

/** A PIN enrolled on a device: digits or letters (ZKTeco: up to 9 digits, 24 on newer firmware). */
export const PIN_PATTERN = '^[0-9A-Za-z]{1,24}$';

/** The pickers' targets: a device, a worker. */
export const DEVICE_TARGETS = {
  device: { resource: 'device', apiPath: '/api/tm/devices', display: 'name' },
  worker: { resource: 'worker', apiPath: '/api/om/workers', display: 'fullName' },
  unit: { resource: 'organization_unit', apiPath: '/api/om/organization-units', display: 'name' },
} as const;

/**
 * Timekeeping › Devices › Timekeepers (Máy chấm công): one time clock. `lastSeenAt` and
 * `lastSeenIp` are written by the clock's own requests, never by a form.
 */
export const deviceContract = defineContract({
  service: 'tm',
  path: 'devices',
  route: '/tm/device-manager',
  permission: 'device',
  level: 'tenant',
  title: ResourceTitles.device,
  singular: l('singular', 'Máy chấm công', 'Timekeeper'),
  fields: {
    code: f.text({
      label: CommonLabels.code,
      maxLength: DeviceLimits.code,
      required: true,
      unique: true,
      example: (n: number) => `MCC-${String(n).padStart(3, '0')}`,
    }),
    name: f.text({ label: CommonLabels.name, maxLength: FieldLimits.name, required: true }),
    serialNumber: f.text({
      label: l('serialNumber', 'Số sê-ri (SN)', 'Serial number (SN)'),
      maxLength: DeviceLimits.serialNumber,
      minLength: 4,
      pattern: SERIAL_NUMBER_PATTERN,
      required: true,
      unique: true,
      example: (n: number) => `CKJJ2026${String(n).padStart(5, '0')}`,
      hint: l(
        'serialNumberHint',
        'In trên tem máy và trong Menu › Thông tin hệ thống; không trùng trên toàn hệ thống',
        'On the device label and in Menu › System info; unique across the whole platform',
      ),
    }),
    ipAddress: f.text({
      label: l('ipAddress', 'Địa chỉ IP', 'IP address'),
      maxLength: DeviceLimits.ipAddress,
      pattern: IP_ADDRESS_PATTERN,
      example: (n: number) => `192.168.1.${(n % 250) + 2}`,
    }),
    macAddress: f.text({
      label: l('macAddress', 'Địa chỉ MAC', 'MAC address'),
      maxLength: DeviceLimits.mac,
      pattern: MAC_ADDRESS_PATTERN,
      example: (n: number) => `00:17:61:10:00:${String(n % 100).padStart(2, '0')}`,
    }),
    gate: f.text({
      label: l('gate', 'Cổng', 'Gate'),
      maxLength: DeviceLimits.gate,
      example: (n: number) => `G${n % 10}`,
    }),
    location: f.text({
      label: l('location', 'Vị trí lắp đặt', 'Location'),
      maxLength: DeviceLimits.location,
    }),
    timeZone: f.text({
      label: l('timeZone', 'Múi giờ', 'Time zone'),
      maxLength: DeviceLimits.timeZone,
      example: () => DEFAULT_DEVICE_TIME_ZONE,
      hint: l(
        'timeZoneHint',
        'Múi giờ IANA của đồng hồ máy, mặc định Asia/Ho_Chi_Minh (máy gửi giờ địa phương)',
        "The IANA zone of the device's clock, Asia/Ho_Chi_Minh by default (devices send local time)",
      ),
    }),
    description: f.text({
      label: CommonLabels.description,
      maxLength: FieldLimits.description,
      multiline: true,
    }),
    lastSeenAt: f.dateTime({ label: l('lastSeenAt', 'Kết nối gần nhất', 'Last seen') }),
    lastSeenIp: f.text({
      label: l('lastSeenIp', 'IP kết nối gần nhất', 'Last seen from'),
      maxLength: DeviceLimits.ipAddress,
    }),
    status: f.status(),
  },
  columns: ['code', 'name', 'serialNumber', 'location', 'gate', 'lastSeenAt', 'status'],
  optionalColumns: ['ipAddress', 'macAddress', 'timeZone', 'lastSeenIp', 'lastModifiedAt'],
  keyword: ['code', 'name', 'serialNumber', 'location'],
  filters: ['status', 'serialNumber', 'gate'],
  sort: ['code', 'name', 'serialNumber', 'lastSeenAt', 'createdAt', 'lastModifiedAt'],
  defaultSort: { field: 'code', direction: 'asc' },
  sections: [
    { title: CommonLabels.general, fields: ['code', 'name', 'serialNumber', 'timeZone', 'description'] },
    {
      title: l('network', 'Lắp đặt và mạng', 'Installation and network'),
      fields: ['location', 'gate', 'ipAddress', 'macAddress'],
    },
  ],
  create: [
    'code',
    'name',
    'serialNumber',
    'timeZone',
    'description',
    'location',
    'gate',
    'ipAddress',
    'macAddress',
  ],
  exportColumns: [
    'code',
    'name',
    'serialNumber',
    'timeZone',
    'location',
    'gate',
    'ipAddress',
    'macAddress',
    'lastSeenAt',
    'lastSeenIp',
    'status',
  ],
  // A serial is the platform's one device: a file of devices could only ever be imported once,
  // into one tenant, so devices are made one at a time (or accepted from the pending serials).
  without: ['import'],
});
export type DeviceRecord = RecordOf<typeof deviceContract>;

/**
 * Timekeeping › Devices › User access control (Dữ liệu chấm công / Khai báo người dùng): which
 * worker is which PIN on which device. A PIN is unique per device, and a worker has one PIN per
 * device. A change is sent to the device as a command on its next heartbeat.
 */
export const deviceUserContract = defineContract({
  service: 'tm',
  path: 'device-users',
  route: '/tm/employee',
  permission: 'user_access_control',
  level: 'tenant',
  title: ResourceTitles.user_access_control,
  singular: l('users.singular', 'Người dùng trên máy', 'User on a device'),
  fields: {
    deviceId: f.reference({
      label: l('users.device', 'Máy chấm công', 'Timekeeper'),
      required: true,
      target: DEVICE_TARGETS.device,
    }),
    workerId: f.reference({
      label: l('users.worker', 'Nhân viên', 'Employee'),
      required: true,
      target: DEVICE_TARGETS.worker,
    }),
    pin: f.text({
      label: l('users.pin', 'Mã chấm công (PIN)', 'PIN'),
      maxLength: DeviceLimits.pin,
      pattern: PIN_PATTERN,
      required: true,
      example: (n: number) => String(1000 + n),
      hint: l(
        'users.pinHint',
        'Mã người dùng trên máy, không trùng trong một máy',
        'The user id on the device, unique per device',
      ),
    }),
    status: f.status(),
  },
  // the worker and the PIN first: what a phone's narrow list shows
  columns: ['workerId', 'pin', 'deviceId', 'status', 'lastModifiedAt'],
  keyword: ['pin'],
  filters: ['deviceId', 'workerId', 'status'],
  sort: ['pin', 'createdAt', 'lastModifiedAt'],
  defaultSort: { field: 'pin', direction: 'asc' },
  sections: [{ title: CommonLabels.general, fields: ['deviceId', 'workerId', 'pin'] }],
  exportColumns: ['deviceId', 'pin', 'workerId', 'status'],
  importColumns: ['deviceId', 'workerId', 'pin'],
});
export type DeviceUserRecord = RecordOf<typeof deviceUserContract>;

export const attendanceDeviceContracts = [deviceContract, deviceUserContract] as const;

/** The API of the devices beyond their records (server: services/tm/devices). */
export const DevicePaths = {
  /** GET: raw punches (keyset pages); filters deviceId, workerId, organizationUnitId (and the units below), from, to (yyyy-MM-dd), cursor */
  punches: '/api/tm/punches',
  /** GET: the same punches as a CSV file */
  punchesExport: '/api/tm/punches/export',
  /** POST (multipart, a CSV file): punches from another system into the same store */
  punchesImport: '/api/tm/punches/import',
  /** GET: a device's command queue; POST …/sync-users: send the device its whole list of users */
  commands: (deviceId: string) => `/api/tm/devices/${deviceId}/commands`,
  syncUsers: (deviceId: string) => `/api/tm/devices/${deviceId}/sync-users`,
  /** GET: lines a device sent that were kept out of the punches (impossible times, bad lines) */
  quarantine: '/api/tm/punch-quarantine',
  /** GET (system administrator): serials that pushed and belong to no tenant; POST …/{serial}/accept */
  pendingSerials: '/api/tm/adms/pending-serials',
  acceptSerial: (serial: string) => `/api/tm/adms/pending-serials/${encodeURIComponent(serial)}/accept`,
} as const;

/** One raw punch as the search answers it (tm_punches; the time is an instant, UTC ISO). */
export interface PunchRow {
  readonly id: string;
  readonly punchedAt: string;
  /** the device's serial number (the key of the punch with the PIN and the time) */
  readonly deviceCode: string;
  readonly attendanceCode: string;
  readonly workerId: string | null;
  /** the worker's code and name, when the PIN is matched */
  readonly workerCode: string | null;
  readonly workerName: string | null;
  readonly source: 'DEVICE' | 'IMPORT' | 'MANUAL' | 'WEB';
  readonly rawLine: string | null;
  readonly receivedAt: string;
}

export const DeviceCommandStatuses = ['QUEUED', 'SENT', 'DONE', 'FAILED'] as const;
export type DeviceCommandStatus = (typeof DeviceCommandStatuses)[number];

/** One command queued for a device, and what became of it. */
export interface DeviceCommandRow {
  /** the number the device sees (`C:<number>:…`), increasing per device */
  readonly commandNo: number;
  readonly command: string;
  readonly status: DeviceCommandStatus;
  /** the device's Return code: 0 done, negative an error of the device */
  readonly returnCode: number | null;
  readonly attempts: number;
  readonly createdAt: string;
  readonly sentAt: string | null;
  readonly acknowledgedAt: string | null;
}

export const QuarantineReasons = ['BAD_LINE', 'BAD_PIN', 'BAD_TIME', 'CLOCK_PAST', 'CLOCK_FUTURE'] as const;
export type QuarantineReason = (typeof QuarantineReasons)[number];

/** A line a device sent that was kept out of the punches, and why. */
export interface QuarantinedPunch {
  readonly id: string;
  readonly deviceId: string;
  readonly serialNumber: string;
  readonly pin: string | null;
  /** the device's local time as sent, when it was one */
  readonly localTime: string | null;
  readonly reason: QuarantineReason;
  readonly rawLine: string;
  readonly receivedAt: string;
}

/** A serial that pushed to the platform and belongs to no tenant yet. */
export interface PendingSerial {
  readonly serialNumber: string;
  readonly firstSeenAt: string;
  readonly lastSeenAt: string;
  readonly sourceIp: string | null;
  readonly pushVersion: string | null;
  readonly requests: number;
}

/** What a system administrator gives to accept a pending serial into a tenant. */
export interface AcceptSerialBody {
  readonly tenantId: string;
  readonly code: string;
  readonly name: string;
  readonly timeZone?: string;
}

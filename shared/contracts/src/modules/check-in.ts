import { FieldLimits } from '../limits.ts';
import { defineContract, type RecordOf } from '../resource/contract.ts';
import { f } from '../resource/fields.ts';
import { CommonLabels, label, type Label } from '../resource/label.ts';
import { ResourceTitles } from '../resource/titles.ts';

/*
 * Check-in from the browser or a phone (issue 30 item 6; docs/check-in.md): the modes a unit
 * allows (by location within a radius, from allowed networks, self-declared and confirmed by
 * the manager), its work locations and networks, and what a check-in answers. A unit without
 * settings of its own inherits the nearest ancestor's.
 */

const l = (key: string, vi: string, en: string) => label(`tm.checkIn.${key}`, vi, en);

export const CheckInModes = ['LOCATION', 'NETWORK', 'SELF_DECLARED'] as const;
export type CheckInMode = (typeof CheckInModes)[number];

export const CheckInStatuses = ['ACCEPTED', 'PENDING', 'CONFIRMED', 'REFUSED'] as const;
export type CheckInStatus = (typeof CheckInStatuses)[number];

/** The limits of a check-in and of a unit's settings (the server checks them all). */
export const CheckInLimits = {
  /** a worker checks in at most once in this many seconds */
  minimumIntervalSeconds: 60,
  /** the browser's key of one attempt: 8 to 64 letters, digits, '-' or '_' (a UUID fits) */
  clientKeyPattern: '^[A-Za-z0-9_-]{8,64}$',
  noteMaxLength: 500,
  userAgentMaxLength: 500,
  /** a request's body, bytes (a check-in is a few hundred) */
  bodyMaxBytes: 4096,
  radiusMinMetres: 10,
  radiusMaxMetres: 10_000,
  accuracyMinMetres: 5,
  accuracyMaxMetres: 5000,
  /** the accuracy circle allowed when the unit says nothing else */
  defaultMaxAccuracyMetres: 100,
  locationsMax: 20,
  networksMax: 20,
  /** pending check-ins one page of the manager's list holds */
  pendingPageMax: 200,
} as const;

export const CheckInModeLabels: Readonly<Record<CheckInMode, Label>> = {
  LOCATION: l('modes.location', 'Theo vị trí', 'By location'),
  NETWORK: l('modes.network', 'Theo mạng Wi-Fi văn phòng', 'From the office network'),
  SELF_DECLARED: l(
    'modes.selfDeclared',
    'Tự khai báo (quản lý xác nhận)',
    'Self-declared (manager confirms)',
  ),
};

export const CheckInStatusLabels: Readonly<Record<CheckInStatus, Label>> = {
  ACCEPTED: l('statuses.accepted', 'Đã ghi nhận', 'Recorded'),
  PENDING: l('statuses.pending', 'Chờ quản lý xác nhận', 'Waiting for the manager'),
  CONFIRMED: l('statuses.confirmed', 'Quản lý đã xác nhận', 'Confirmed by the manager'),
  REFUSED: l('statuses.refused', 'Quản lý từ chối', 'Refused by the manager'),
};

export const CHECK_IN_TARGETS = {
  unit: { resource: 'organization_unit', apiPath: '/api/om/organization-units', display: 'name' },
} as const;

const locationFields = {
  name: f.text({
    label: l('location.name', 'Tên địa điểm', 'Place'),
    maxLength: FieldLimits.name,
    required: true,
  }),
  latitude: {
    ...f.decimal({
      label: l('location.latitude', 'Vĩ độ', 'Latitude'),
      precision: 9,
      scale: 6,
      minimum: '-90',
      required: true,
      hint: l('location.latitudeHint', 'Từ -90 đến 90, ví dụ 21.028511', 'From -90 to 90, e.g. 21.028511'),
    }),
    example: () => '21.028511',
  },
  longitude: {
    ...f.decimal({
      label: l('location.longitude', 'Kinh độ', 'Longitude'),
      precision: 9,
      scale: 6,
      minimum: '-180',
      required: true,
      hint: l(
        'location.longitudeHint',
        'Từ -180 đến 180, ví dụ 105.854167',
        'From -180 to 180, e.g. 105.854167',
      ),
    }),
    example: () => '105.854167',
  },
  radiusMetres: f.integer({
    label: l('location.radius', 'Bán kính cho phép (m)', 'Allowed radius (m)'),
    minimum: CheckInLimits.radiusMinMetres,
    maximum: CheckInLimits.radiusMaxMetres,
    required: true,
  }),
};

const networkFields = {
  name: f.text({
    label: l('network.name', 'Tên mạng', 'Network'),
    maxLength: FieldLimits.name,
    required: true,
  }),
  address: {
    ...f.text({
      label: l('network.address', 'Địa chỉ IP công cộng hoặc dải CIDR', 'Public IP address or CIDR range'),
      maxLength: 50,
      required: true,
      hint: l(
        'network.addressHint',
        'Địa chỉ Internet của văn phòng, ví dụ 203.113.10.25 hoặc 203.113.10.0/24',
        "The office's Internet address, e.g. 203.113.10.25 or 203.113.10.0/24",
      ),
    }),
    example: (n: number) => `203.113.${n % 250}.0/24`,
  },
};

/**
 * Timekeeping › Check-in settings (Thiết lập chấm công trên web và di động): per unit, the modes
 * its workers may check in with, its work locations and its allowed networks. Sub-units without
 * settings of their own use the nearest ancestor's.
 */
export const checkInSettingsContract = defineContract({
  service: 'tm',
  path: 'check-in-settings',
  route: '/tm/check-in-settings',
  permission: 'check_in_setting',
  level: 'tenant',
  title: ResourceTitles.check_in_setting,
  singular: l('settings.singular', 'Thiết lập chấm công của đơn vị', "A unit's check-in settings"),
  fields: {
    // one row per unit: the table's unique index (a second one answers 409)
    organizationUnitId: f.reference({
      label: l('settings.unit', 'Đơn vị', 'Unit'),
      required: true,
      target: CHECK_IN_TARGETS.unit,
      hint: l(
        'settings.unitHint',
        'Các đơn vị con không có thiết lập riêng dùng thiết lập này',
        'Sub-units without settings of their own use these',
      ),
    }),
    allowLocation: f.boolean({
      label: l('settings.allowLocation', 'Cho phép chấm theo vị trí', 'Allow by location'),
    }),
    allowNetwork: f.boolean({
      label: l('settings.allowNetwork', 'Cho phép chấm từ mạng văn phòng', 'Allow from the office network'),
    }),
    allowSelfDeclared: f.boolean({
      label: l(
        'settings.allowSelfDeclared',
        'Cho phép tự khai báo (quản lý xác nhận)',
        'Allow self-declared (manager confirms)',
      ),
    }),
    maxAccuracyMetres: f.integer({
      label: l('settings.maxAccuracy', 'Sai số vị trí tối đa (m)', 'Largest location error (m)'),
      minimum: CheckInLimits.accuracyMinMetres,
      maximum: CheckInLimits.accuracyMaxMetres,
      hint: l(
        'settings.maxAccuracyHint',
        'Mặc định 100 m. Vị trí có sai số lớn hơn bị từ chối vì không biết trong hay ngoài bán kính',
        '100 m unless set. A less precise position is refused: inside or outside cannot be told',
      ),
    }),
    locations: f.children({
      label: l('settings.locations', 'Địa điểm làm việc', 'Work locations'),
      fields: locationFields,
      maxItems: CheckInLimits.locationsMax,
    }),
    networks: f.children({
      label: l('settings.networks', 'Mạng được phép', 'Allowed networks'),
      fields: networkFields,
      maxItems: CheckInLimits.networksMax,
    }),
    description: f.text({
      label: CommonLabels.description,
      maxLength: FieldLimits.description,
      multiline: true,
    }),
    status: f.status(),
  },
  columns: ['organizationUnitId', 'allowLocation', 'allowNetwork', 'allowSelfDeclared', 'status'],
  optionalColumns: ['maxAccuracyMetres', 'lastModifiedAt'],
  keyword: [],
  filters: ['organizationUnitId', 'status'],
  sort: ['createdAt', 'lastModifiedAt'],
  defaultSort: { field: 'createdAt', direction: 'desc' },
  sections: [
    {
      title: CommonLabels.general,
      fields: [
        'organizationUnitId',
        'allowLocation',
        'allowNetwork',
        'allowSelfDeclared',
        'maxAccuracyMetres',
        'description',
        'status',
      ],
    },
    {
      title: l('settings.where', 'Nơi được chấm công', 'Where check-in is allowed'),
      fields: ['locations', 'networks'],
    },
  ],
});
export type CheckInSettingsRecord = RecordOf<typeof checkInSettingsContract>;

/** The API of check-ins beyond the settings' records (server: services/tm/check-in). */
export const CheckInPaths = {
  /** POST: check in now (CheckInRequest); GET: the caller's modes and today's check-ins (CheckInToday) */
  checkIns: '/api/tm/check-ins',
  today: '/api/tm/check-ins/today',
  /** GET: self-declared check-ins waiting for the caller's decision */
  pending: '/api/tm/check-ins/pending',
  confirm: (id: string) => `/api/tm/check-ins/${id}/confirm`,
  refuse: (id: string) => `/api/tm/check-ins/${id}/refuse`,
} as const;

/** What the browser sends: the mode tried, its evidence, and its own key of the attempt. */
export interface CheckInRequest {
  readonly clientKey: string;
  readonly mode: CheckInMode;
  /** LOCATION: the Geolocation API's position */
  readonly latitude?: number;
  readonly longitude?: number;
  readonly accuracyMetres?: number;
  /** SELF_DECLARED: where and why, for the manager */
  readonly note?: string;
}

/** One check-in as the API answers it. */
export interface CheckInRow {
  readonly id: string;
  readonly workerId: string;
  readonly workerCode: string;
  readonly workerName: string;
  readonly checkedAt: string;
  readonly mode: CheckInMode;
  readonly status: CheckInStatus;
  readonly distanceMetres: number | null;
  readonly accuracyMetres: number | null;
  readonly locationName: string | null;
  readonly clientIp: string | null;
  readonly note: string | null;
}

/** The check-in page's state: who, which modes the unit allows (and whose settings), today's check-ins. */
export interface CheckInToday {
  /** null: the account is linked to no employee record (the page says so; a check-in is refused) */
  readonly workerId: string | null;
  readonly workerName: string | null;
  readonly modes: readonly CheckInMode[];
  /** the unit whose settings apply (the worker's own or an ancestor's), null when none has any */
  readonly settingsUnitName: string | null;
  readonly checkIns: readonly CheckInRow[];
}

/** Why a check-in is refused: the envelope's `params.reason` (code CHECK_IN_REFUSED, 403). */
export const CheckInRefusals = [
  'noWorker',
  'noSettings',
  'modeNotAllowed',
  'tooFar',
  'poorAccuracy',
  'noLocations',
  'wrongNetwork',
] as const;
export type CheckInRefusal = (typeof CheckInRefusals)[number];
export const CHECK_IN_REFUSED = 'CHECK_IN_REFUSED';

/**
 * The refusals' words, with the figures of `params` in braces: tooFar carries distanceMetres,
 * radiusMetres and locationName; poorAccuracy accuracyMetres and maxAccuracyMetres; wrongNetwork
 * clientIp; modeNotAllowed mode and allowed.
 */
export const CheckInRefusalLabels: Readonly<Record<CheckInRefusal, Label>> = {
  noWorker: l(
    'refusals.noWorker',
    'Tài khoản của bạn chưa gắn với hồ sơ nhân viên nào',
    'Your account is not linked to an employee record',
  ),
  noSettings: l(
    'refusals.noSettings',
    'Đơn vị của bạn chưa cho phép chấm công trên web hoặc di động',
    'Your unit does not allow checking in from the web or a phone',
  ),
  modeNotAllowed: l(
    'refusals.modeNotAllowed',
    'Đơn vị của bạn không cho phép cách chấm công này; được phép: {allowed}',
    'Your unit does not allow this way of checking in; allowed: {allowed}',
  ),
  tooFar: l(
    'refusals.tooFar',
    'Bạn đang cách {locationName} {distanceMetres} m, ngoài bán kính cho phép {radiusMetres} m',
    'You are {distanceMetres} m from {locationName}, outside the allowed radius of {radiusMetres} m',
  ),
  poorAccuracy: l(
    'refusals.poorAccuracy',
    'Vị trí chưa đủ chính xác (sai số {accuracyMetres} m, tối đa {maxAccuracyMetres} m): bật GPS, ra chỗ thoáng rồi thử lại',
    'Your position is not precise enough ({accuracyMetres} m, at most {maxAccuracyMetres} m): turn on GPS, move into the open and try again',
  ),
  noLocations: l(
    'refusals.noLocations',
    'Đơn vị của bạn chưa khai báo địa điểm làm việc nào',
    'Your unit has no work location set',
  ),
  wrongNetwork: l(
    'refusals.wrongNetwork',
    'Bạn đang dùng mạng {clientIp}, không phải mạng văn phòng được phép',
    'You are on the network {clientIp}, which is not an allowed office network',
  ),
};

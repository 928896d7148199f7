import Type from 'typebox';
import { WORKER_SELF_SERVICE_CHOICES } from './workers.ts';
import { MAX_NUMBERING_PATTERN } from '../resource/numbering.ts';

/**
 * System › Configuration (catalogues §2.2 `/system/configuration`, permission `configuration`):
 * one settings record per tenant, a singleton, not a list. A tenant user edits their own
 * tenant's; a system user edits the system defaults, which every tenant that has saved nothing
 * of its own uses. GET and PUT /api/system/configuration.
 */
export const CONFIGURATION_ROUTE = '/system/configuration';
export const CONFIGURATION_API_PATH = '/api/system/configuration';

/** Vietnam's zone: the portal's default, as `todayInVietnam` assumes. */
export const DEFAULT_TIME_ZONE = 'Asia/Ho_Chi_Minh';

/** ISO weekday order, Monday first (Vietnamese calendars start on Monday). */
export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/**
 * What a weekday is: a full working day, a half day (many Vietnamese employers work Saturday
 * mornings) or a day off.
 */
export const WorkdayKinds = ['FULL', 'HALF', 'OFF'] as const;
export type WorkdayKind = (typeof WorkdayKinds)[number];

export const DateFormatChoices = ['DD/MM/YYYY', 'YYYY-MM-DD', 'MM/DD/YYYY'] as const;
export const ConfigurationLanguages = ['vi', 'en'] as const;

/**
 * The shortest session lifetime a tenant may choose: below it users would be sent back to
 * sign-in while they read a page. The longest is the server's own (config.ts, TokenConfig).
 */
export const MIN_LIFETIME_SECONDS = 300;

/** The four lifetimes, each at most the server's limit of the same name (`limits` of the record). */
export const LIFETIME_FIELDS = [
  'refreshTtlSeconds',
  'sessionMaxAgeSeconds',
  'rememberMeRefreshTtlSeconds',
  'rememberMeSessionMaxAgeSeconds',
] as const;
export type LifetimeField = (typeof LIFETIME_FIELDS)[number];

const Lifetime = Type.Integer({ minimum: MIN_LIFETIME_SECONDS, maximum: 400 * 24 * 3600 });

const DayKind = Type.Enum(WorkdayKinds);
export const WorkingWeek = Type.Object(
  Object.fromEntries(WEEKDAYS.map((day) => [day, DayKind])) as Record<Weekday, typeof DayKind>,
  { additionalProperties: false },
);
export type WorkingWeek = Record<Weekday, WorkdayKind>;

/**
 * The fields of their own record employees may change (issue 11 "edits only what HR allows"):
 * some of WORKER_SELF_SERVICE_CHOICES; by default WORKER_SELF_SERVICE_FIELDS.
 */
export const SelfServiceFields = Type.Array(Type.Enum(WORKER_SELF_SERVICE_CHOICES), {
  maxItems: WORKER_SELF_SERVICE_CHOICES.length,
});

/** A numbering pattern such as NV{0000} or {number}/{yyyy}/HĐLĐ (syntax: resource/numbering.ts). */
const NumberingPattern = Type.String({ minLength: 1, maxLength: MAX_NUMBERING_PATTERN });
/** The days before a contract's expiry its notice goes to HR: 1 to 180. */
export const EXPIRY_NOTICE_DAYS = { default: 30, minimum: 1, maximum: 180 } as const;
const ExpiryNoticeDays = Type.Integer({
  minimum: EXPIRY_NOTICE_DAYS.minimum,
  maximum: EXPIRY_NOTICE_DAYS.maximum,
});

/**
 * How many months the action log keeps a tenant's entries (docs/lists.md, "The action log's
 * retention"): older ones are purged. At least 6, so that last half-year's changes can always
 * be traced; at most 10 years.
 */
export const ACTION_LOG_RETENTION_MONTHS = { default: 24, minimum: 6, maximum: 120 } as const;
const ActionLogRetentionMonths = Type.Integer({
  minimum: ACTION_LOG_RETENTION_MONTHS.minimum,
  maximum: ACTION_LOG_RETENTION_MONTHS.maximum,
});

/** The editable settings (the PUT body, with the version it was read at). */
export const ConfigurationBody = Type.Object(
  {
    /** an IANA zone name the runtime's Intl knows (Intl.supportedValuesOf('timeZone'), or UTC) */
    timeZone: Type.String({ minLength: 1, maxLength: 64 }),
    workingWeek: WorkingWeek,
    /** idle lifetime: how long a sign-in lasts without a refresh */
    refreshTtlSeconds: Lifetime,
    /** absolute lifetime: how long a sign-in lasts whatever it does */
    sessionMaxAgeSeconds: Lifetime,
    rememberMeRefreshTtlSeconds: Lifetime,
    rememberMeSessionMaxAgeSeconds: Lifetime,
    language: Type.Enum(ConfigurationLanguages),
    dateFormat: Type.Enum(DateFormatChoices),
    /** absent: unchanged (a client that predates it keeps what HR chose) */
    workerSelfServiceFields: Type.Optional(SelfServiceFields),
    /**
     * Four eyes (docs/approvals.md): true lets a requester, or a record's creator, be assigned
     * and act on a step of their own request (very small teams); by default nobody does. Absent:
     * unchanged, like workerSelfServiceFields.
     */
    requesterMayApprove: Type.Optional(Type.Boolean()),
    /**
     * Automatic numbers (resource/numbering.ts): the patterns of employee codes and contract
     * numbers a create that leaves them empty takes. Absent: unchanged.
     */
    employeeCodePattern: Type.Optional(NumberingPattern),
    contractNumberPattern: Type.Optional(NumberingPattern),
    /** how many days ahead HR is told of a labour contract's expiry (30 by default). Absent: unchanged. */
    contractExpiryNoticeDays: Type.Optional(ExpiryNoticeDays),
    /** how many months the action log keeps (24 by default, 6 at least). Absent: unchanged. */
    actionLogRetentionMonths: Type.Optional(ActionLogRetentionMonths),
    /** the version read; a stale one is refused with 409 */
    version: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
);
export type ConfigurationBody = Type.Static<typeof ConfigurationBody>;

/** The server's own lifetimes: what a tenant may shorten, never lengthen. */
export const LifetimeLimits = Type.Object(
  Object.fromEntries(LIFETIME_FIELDS.map((field) => [field, Type.Integer()])) as Record<
    LifetimeField,
    ReturnType<typeof Type.Integer>
  >,
);
export type LifetimeLimits = Type.Static<typeof LifetimeLimits>;

export const Configuration = Type.Object({
  ...ConfigurationBody.properties,
  workerSelfServiceFields: SelfServiceFields,
  requesterMayApprove: Type.Boolean(),
  employeeCodePattern: NumberingPattern,
  contractNumberPattern: NumberingPattern,
  contractExpiryNoticeDays: ExpiryNoticeDays,
  actionLogRetentionMonths: ActionLogRetentionMonths,
  /** whose record this is: the caller's tenant, or the system defaults */
  scope: Type.Enum(['tenant', 'system'] as const),
  /** true when the tenant has saved nothing and reads the system defaults (version 0) */
  inherited: Type.Boolean(),
  limits: LifetimeLimits,
  updatedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type Configuration = Type.Static<typeof Configuration>;

/** A working week of Vietnam's public sector: Monday to Friday, weekends off. */
export const DEFAULT_WORKING_WEEK: WorkingWeek = {
  monday: 'FULL',
  tuesday: 'FULL',
  wednesday: 'FULL',
  thursday: 'FULL',
  friday: 'FULL',
  saturday: 'OFF',
  sunday: 'OFF',
};

/**
 * Whether `zone` is an IANA time zone the runtime knows, as the picker spells it; the server and
 * the form ask the same. CLDR's canonical list (Intl.supportedValuesOf) still says Asia/Saigon,
 * not Asia/Ho_Chi_Minh, so the list is timeZoneChoices and Intl.DateTimeFormat the judge.
 */
export function isKnownTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(zone)) return false;
  try {
    const resolved = new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
    // Exactly as written in the list (not `asia/bangkok`), or a name the runtime keeps as is.
    return resolved === zone || timeZoneChoices().includes(zone);
  } catch {
    return false;
  }
}

/** The zones a time-zone picker offers: the runtime's list, with Vietnam's under its IANA name. */
export function timeZoneChoices(): string[] {
  let zones: string[];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  const named = zones.map((zone) => (zone === 'Asia/Saigon' ? DEFAULT_TIME_ZONE : zone));
  return [...new Set([DEFAULT_TIME_ZONE, 'UTC', ...named])].sort();
}

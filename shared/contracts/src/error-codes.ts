/** Error codes the server answers with and the browser reacts to (core §8, catalogues §8). */
export const ErrorCodes = {
  unauthorized: 'UNAUTHORIZED',
  invalidCredentials: 'INVALID_CREDENTIALS',
  accountLocked: 'ACCOUNT_LOCKED',
  captchaRequired: 'CAPTCHA_REQUIRED',
  captchaInvalid: 'CAPTCHA_INVALID',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  userNotFound: 'USER_NOT_FOUND',
  validation: 'VALIDATION_FAILED',
  conflict: 'CONFLICT',
  internal: 'INTERNAL_ERROR',
  methodNotAllowed: 'METHOD_NOT_ALLOWED',
  notAcceptable: 'NOT_ACCEPTABLE',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  tooManyRequests: 'TOO_MANY_REQUESTS',
  serviceUnavailable: 'SERVICE_UNAVAILABLE',
  databaseUnavailable: 'DATABASE_UNAVAILABLE',
  frontEndNotBuilt: 'FRONT_END_NOT_BUILT',
  licenseExpired: '40000029',
  licenseUnavailable: '40000030',
  /** 403: the password was set by someone else; only the own password change is open (migrations/0026). */
  passwordChangeRequired: 'PASSWORD_CHANGE_REQUIRED',
  /** 502: the organisation's directory (LDAP) refused the bind, timed out or could not be reached */
  directoryUnavailable: 'DIRECTORY_UNAVAILABLE',
  /** 409: the worker's month is locked by an approved timesheet (`params.month`; docs/timesheets.md) */
  monthLocked: 'MONTH_LOCKED',
} as const;
export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];

/**
 * A 409's `params.reason`: what in the record's state refuses the call, said in its own words
 * (`notices.conflict.<reason>` of @hcm/ui's dictionaries) instead of the generic "changed
 * meanwhile or already exists", which would send the person to reload for nothing.
 */
export const ConflictReasons = {
  /** the record is still used by others: it cannot be removed */
  inUse: 'inUse',
  /** a labour contract already renewed; with `number`, the contract that follows it */
  alreadyRenewed: 'alreadyRenewed',
  /** an API client revoked: it can no longer be changed nor get a new secret */
  clientRevoked: 'clientRevoked',
  /** the directory (LDAP) settings are not saved yet: nothing to test */
  directoryNotSaved: 'directoryNotSaved',
  /** the directory sync is off in the saved settings: nothing to sync */
  directorySyncOff: 'directorySyncOff',
  /** the user signs in with the directory's password: it is changed in the directory */
  directoryPassword: 'directoryPassword',
  /** the tenant has a role of its own with the administrator role's code; with `code` */
  administratorRoleTaken: 'administratorRoleTaken',
  /** the tenant is suspended: resume it first */
  tenantSuspended: 'tenantSuspended',
  /** a suspension of a tenant already suspended */
  tenantAlreadySuspended: 'tenantAlreadySuspended',
  /** a resumption of a tenant that is not suspended */
  tenantNotSuspended: 'tenantNotSuspended',
  /** a notification to send by email on a portal without a mail server (notification events) */
  noMailServer: 'noMailServer',
  /** a day of a month an approved timesheet locks (with `month`): reopen the timesheet first */
  monthLocked: 'monthLocked',
  /** a second timesheet of one unit and month; with `code`, the one that exists */
  timesheetExists: 'timesheetExists',
  /** approving leave the annual balance no longer covers (`asked`, `available` days, `year`) */
  leaveBalance: 'leaveBalance',
  /** a payroll sheet being computed (with `code`): a second computation or a change waits for it */
  payPeriodComputing: 'payPeriodComputing',
  /** a payroll sheet in approval, approved or locked (with `code`, `status`): its values no longer change */
  payPeriodFrozen: 'payPeriodFrozen',
  /** a payroll sheet not computed to its end (with `code`, `status`) sent for approval */
  payPeriodNotComputed: 'payPeriodNotComputed',
  /** one worker recomputed after the template or a component of it changed (`computed`, `current` versions): compute the sheet again */
  payPeriodTemplateChanged: 'payPeriodTemplateChanged',
  /** a payroll sheet locked before it is approved, or locked twice (with `code`, `status`) */
  payPeriodNotApproved: 'payPeriodNotApproved',
  /** a year-end recomputation of a sheet that is not locked (with `code`) */
  payPeriodNotLocked: 'payPeriodNotLocked',
  /** a second year-end recomputation of one sheet (with `code`, the one that exists) */
  payPeriodFinalisationExists: 'payPeriodFinalisationExists',
  /** a salary period sent for approval while sheets of it are not approved (`codes`) or it has none */
  salaryPeriodSheetsOpen: 'salaryPeriodSheetsOpen',
  /** a payroll sheet added to a salary period in approval or approved (with `code`) */
  salaryPeriodClosed: 'salaryPeriodClosed',
} as const;
export type ConflictReason = (typeof ConflictReasons)[keyof typeof ConflictReasons];

/**
 * A 403's `params.reason` when the refusal is not about a permission the caller lacks (that
 * one names `permissions`) but about who the caller is: the level of their account, their data
 * scope, their part in an approval. Each has its words in `notices.forbidden.<reason>`.
 */
export const ForbiddenReasons = {
  /** a tenant's records or function, asked by a system user */
  tenantOnly: 'tenantOnly',
  /** the system's records or function (subscriptions, its dashboard), asked by a tenant user */
  systemOnly: 'systemOnly',
  /** a list the system administrator keeps for every tenant: a tenant user reads it only */
  sharedList: 'sharedList',
  /** the record lies outside the units the caller's data scope reaches */
  outOfScope: 'outOfScope',
  /** an approval step acted on by someone who is not its assignee */
  notAssignee: 'notAssignee',
  /** an approval request cancelled by someone who did not send it */
  notRequester: 'notRequester',
  /** four eyes: the approver sent this approval request */
  ownRequest: 'ownRequest',
  /** four eyes: the approver created the record */
  ownRecord: 'ownRecord',
} as const;
export type ForbiddenReason = (typeof ForbiddenReasons)[keyof typeof ForbiddenReasons];

/**
 * The specifics an error answer's text carries (the envelope's `params`), by code:
 * - FORBIDDEN: `permissions`, the permission codes the caller lacks (the escalation guard's
 *   refusals, a missing route permission); absent when the refusal is about level, scope or
 *   oneself, which `reason` names instead (ForbiddenReasons: tenantOnly, systemOnly, sharedList,
 *   outOfScope, notAssignee, notRequester, ownRequest, ownRecord).
 * - CONFLICT: `reason` (ConflictReasons) when the record's state refuses the call: `inUse` (still
 *   used by others, it cannot be removed), `alreadyRenewed` (with `number`, the next contract),
 *   `clientRevoked`, `directoryNotSaved`, `directorySyncOff`, `directoryPassword`,
 *   `administratorRoleTaken` (with `code`), `tenantSuspended`, `tenantAlreadySuspended`,
 *   `tenantNotSuspended`, `noMailServer`, `timesheetExists` (with `code`), the payroll sheets' and salary
 *   periods' states (`payPeriod…`, `salaryPeriod…` with `code`, `status`, `codes`: docs/payroll-periods.md);
 *   absent for a stale version or a value another record has.
 * - MONTH_LOCKED (409): `reason: 'monthLocked'` and `month` (YYYY-MM).
 * - ACCOUNT_LOCKED: `until`, the lock's end (ISO 8601).
 * - DIRECTORY_UNAVAILABLE: `reason: 'bindRefused'` when the directory refused the bind DN.
 */
export type ErrorParams = Readonly<Record<string, string | number | string[]>>;

/**
 * Field error keys (catalogues §5.3). A field error of the API carries its key as `code` and the
 * values of its message as `params` (FieldErrorParams); the browser writes the key's text in the
 * user's language (`error.<key>` in @hcm/ui's dictionaries), never the server's English words.
 */
export const FieldErrorKeys = {
  required: 'error.required',
  minlength: 'error.minlength',
  maxlength: 'error.maxlength',
  pattern: 'error.pattern',
  email: 'error.email',
  min: 'error.min',
  max: 'error.max',
  invalidDate: 'error.invalidDate',
  invalidValue: 'error.invalidValue',
  // a business trip or conference (docs/presence-requests.md): the from day or time (`from`), the
  // trip's `days` and `limit`, the other document met (`destination` or `place`, `from`, `to`, `date`, `hours`)
  presenceToBeforeFrom: 'error.presenceToBeforeFrom',
  presenceTooLong: 'error.presenceTooLong',
  presenceHoursOneDay: 'error.presenceHoursOneDay',
  presenceTimesPair: 'error.presenceTimesPair',
  presenceTimeOrder: 'error.presenceTimeOrder',
  tripOverlap: 'error.tripOverlap',
  conferenceOverlap: 'error.conferenceOverlap',
  conferenceOverlapDay: 'error.conferenceOverlapDay',
  // an overtime registration past a cap: `limit` (hours), `used` (hours already registered), `asked`
  overtimeDayCap: 'error.overtimeDayCap',
  overtimeMonthCap: 'error.overtimeMonthCap',
  overtimeYearCap: 'error.overtimeYearCap',
  // a leave application: over the annual balance (`asked`, `available`, `balance`, `pending` days,
  // `year`), overlapping another (`from`, `to`, `status`), or taking no working day
  leaveBalance: 'error.leaveBalance',
  leaveOverlap: 'error.leaveOverlap',
  leaveNoWorkingDay: 'error.leaveNoWorkingDay',
  // a leave type's yearly maximum (`max` days a year, `used` days in other applications of the
  // type that year, `asked`, `year`, `type` its name)
  leaveTypeYearMax: 'error.leaveTypeYearMax',
} as const;

/**
 * The values a field error's message carries (spec core §5: "max, min and length messages carry
 * the actual and required values"; issue 27: a pattern error says the allowed format):
 * - error.maxlength, error.minlength: `required` (the limit) and `actual` (the length given);
 * - error.max, error.min: `required` and `actual` (the number given), and `unit` when the
 *   number is an amount of a unit (a workflow step's SLA: MINUTES, HOURS, DAYS, WORKING_DAYS);
 * - error.pattern: `format` (the key of its words under error.formats) and `example`.
 */
export type FieldErrorParams = Readonly<Record<string, string | number>>;

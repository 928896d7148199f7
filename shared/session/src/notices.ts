import { Subject, type Observable } from 'rxjs';
import { ApiPaths, ConflictReasons, ErrorCodes, FieldErrorKeys, ForbiddenReasons } from '@hcm/contracts';
import { ClientErrorCodes, type ApiError } from './api-error.ts';

/**
 * What the user may be told about a failed call, decided from the answer's status and error
 * code (the catalogue of ErrorCodes), never from the server's English words. The shell
 * translates each key from its `notices` dictionary section (`notices.<key>.title` and
 * `notices.<key>.<text>`, `text` by default), with the notice's `params` as its values.
 */
export const SessionNoticeKeys = {
  /** 401 on sign-in, or a sign-in answer without an access token. */
  loginFailed: 'loginFailed',
  /** The token could not be refreshed: the session is over (at most one per ending). */
  sessionExpired: 'sessionExpired',
  /**
   * 403; text `withPermissions` when the server named the permission codes needed
   * (`params.permissions`), else the text of its `params.reason` (ForbiddenReasons: who may).
   */
  forbidden: 'forbidden',
  /** 403 with PASSWORD_CHANGE_REQUIRED: the password was set by someone else (warning). */
  passwordChangeRequired: 'passwordChangeRequired',
  /** 404 with USER_NOT_FOUND. */
  userNotFound: 'userNotFound',
  /** Any other 404: the record (or page of the API) is not there, or no longer. */
  notFound: 'notFound',
  /** 413: the request (an upload, most often) is larger than the server accepts. */
  payloadTooLarge: 'payloadTooLarge',
  /** 503: the server (or its database) is busy; `retryAfterSeconds` when it said (warning). */
  serviceUnavailable: 'serviceUnavailable',
  /** 400 with code 40000030 (warning). */
  licenseUnavailable: 'licenseUnavailable',
  /** 400 with code 40000029 (warning). */
  licenseExpired: 'licenseExpired',
  /**
   * 400 with field errors: what was wrong is written on the fields, in the user's language, by
   * their keys (catalogues §5.3); the notice says so in words of its own, never the server's
   * English (`fieldErrors` carries the keys and their values).
   */
  validationFailed: 'validationFailed',
  /**
   * 409: someone changed the record meanwhile, or it already exists (warning); the text of its
   * `params.reason` (ConflictReasons: `inUse`, `alreadyRenewed`, …) with its values and the
   * title `refusedTitle` when the record's state refused the call.
   */
  conflict: 'conflict',
  /** 429: too many calls; `retryAfterSeconds` when the server said (warning). */
  tooManyRequests: 'tooManyRequests',
  /** 5xx: the server failed; its own words are not shown (they are for the logs). */
  serverError: 'serverError',
  /** No answer at all. */
  network: 'network',
  /** Any other answered failure (a 400 without keyed field errors, 405, 415, …). */
  requestFailed: 'requestFailed',
  /** A malformed answer: nothing the client can tell. */
  unexpected: 'unexpected',
  /** The profile (me/profile) could not be loaded. */
  profileLoadFailed: 'profileLoadFailed',
} as const;
export type SessionNoticeKey = (typeof SessionNoticeKeys)[keyof typeof SessionNoticeKeys];

/** The values a notice's text carries: numbers, words, and lists (permission codes). */
export type NoticeParams = Readonly<Record<string, string | number | readonly string[]>>;

export interface SessionNotice {
  intent: 'error' | 'warning';
  key: SessionNoticeKey;
  /** Which text of the key to show (`notices.<key>.<text>`); `text` when absent. */
  text?: string;
  /** Which title of the key to show (`notices.<key>.<title>`); `title` when absent. */
  title?: string;
  /** The values the text carries (the envelope's `params`, e.g. `permissions`). */
  params?: NoticeParams;
  /** HTTP status; 0 when there was no answer, 200 for a malformed success answer. */
  status: number;
  /** The server's error code, or one of ClientErrorCodes. */
  code: string;
  /** 429 only: seconds to wait, from Retry-After. */
  retryAfterSeconds?: number;
  /** validationFailed only: the answer's field errors, by key and values (FieldErrorParams) */
  fieldErrors?: readonly NoticeFieldError[];
}

/** A field error as a notice carries it: where, which key, and the values its message carries. */
export interface NoticeFieldError {
  field: string;
  code: string;
  params?: Readonly<Record<string, string | number>>;
}

/** A failed call, reduced to what the decision needs. */
export interface CallFailure {
  /** 0 when there was no answer. */
  status: number;
  code: string;
  /** The answer's body, already parsed (blob bodies included). */
  body: unknown;
  statusText: string;
  /** The request path, without query. */
  path: string;
  /** The Retry-After answer header. */
  retryAfter?: string | null;
  /** Aborted by the caller (page left, search replaced): nothing to tell. */
  canceled: boolean;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** Retry-After is either seconds or an HTTP date. */
export function retryAfterSeconds(header: string | null | undefined, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/** The code in a body, whether the server wrote it as text or (in older blob answers) a number. */
function bodyCode(body: unknown, fallback: string): string {
  if (isRecord(body) && (typeof body.code === 'string' || typeof body.code === 'number'))
    return String(body.code);
  return fallback;
}

/** The envelope's `params` (ErrorParams), keeping only values a text can carry. */
function bodyParams(body: unknown): NoticeParams | undefined {
  if (!isRecord(body) || !isRecord(body.params)) return undefined;
  const kept = Object.entries(body.params).filter(
    ([, value]) =>
      typeof value === 'string' ||
      typeof value === 'number' ||
      (Array.isArray(value) && value.every((item) => typeof item === 'string')),
  );
  return kept.length > 0 ? (Object.fromEntries(kept) as NoticeParams) : undefined;
}

/** The sign-in's own reasons, by code: each has its text under notices.loginFailed. */
const LOGIN_FAILED_TEXT: Readonly<Record<string, string>> = {
  [ErrorCodes.accountLocked]: 'accountLocked',
  [ErrorCodes.captchaRequired]: 'captchaRequired',
  [ErrorCodes.captchaInvalid]: 'captchaInvalid',
};

/** The field errors of a body whose codes are the spec's keys (error.required, …), or none. */
function keyedFieldErrors(body: unknown): NoticeFieldError[] {
  if (!isRecord(body) || !Array.isArray(body.errors)) return [];
  const keys: ReadonlySet<string> = new Set(Object.values(FieldErrorKeys));
  return body.errors.flatMap((item: unknown) =>
    isRecord(item) && typeof item.field === 'string' && typeof item.code === 'string' && keys.has(item.code)
      ? [
          {
            field: item.field,
            code: item.code,
            ...(isRecord(item.params) ? { params: item.params as Record<string, string | number> } : {}),
          },
        ]
      : [],
  );
}

const CONFLICT_REASONS: ReadonlySet<string> = new Set(Object.values(ConflictReasons));
const FORBIDDEN_REASONS: ReadonlySet<string> = new Set(Object.values(ForbiddenReasons));

/** A reason of the catalogue (its text is in the dictionaries), or none: an unknown one is never shown. */
function knownReason(params: NoticeParams | undefined, known: ReadonlySet<string>): string | undefined {
  const reason = params?.reason;
  return typeof reason === 'string' && known.has(reason) ? reason : undefined;
}

/** The values a reason's text carries (a contract's number), without the reason itself. */
function reasonValues(params: NoticeParams | undefined): { params?: NoticeParams } {
  const values = Object.entries(params ?? {}).filter(([name]) => name !== 'reason');
  return values.length > 0 ? { params: Object.fromEntries(values) } : {};
}

const withRetryAfter = (failure: CallFailure) => {
  const seconds = retryAfterSeconds(failure.retryAfter);
  return seconds === undefined ? {} : { retryAfterSeconds: seconds };
};

/**
 * The one place that decides what a failed call tells the user (core §8). 401s that the client
 * repairs or turns into the end of the session never get here (see http-client.ts); a 401 that
 * does is final: on sign-in it is a failed sign-in, elsewhere a generic failure.
 */
export function decideNotice(failure: CallFailure): SessionNotice | null {
  if (failure.canceled) return null;
  const { status } = failure;
  const code = bodyCode(failure.body, failure.code);
  const base = { status, code };
  if (status === 0) return { intent: 'error', key: 'network', ...base };
  const params = bodyParams(failure.body);
  if (status === 401 && failure.path === ApiPaths.iam.authenticate) {
    const text = LOGIN_FAILED_TEXT[code];
    return { intent: 'error', key: 'loginFailed', ...base, ...(text ? { text } : {}) };
  }
  if (status === 403 && code === ErrorCodes.passwordChangeRequired)
    return { intent: 'warning', key: 'passwordChangeRequired', ...base };
  if (status === 403) {
    const named = params?.permissions;
    if (Array.isArray(named) && named.length > 0)
      return {
        intent: 'error',
        key: 'forbidden',
        ...base,
        text: 'withPermissions',
        params: { permissions: named },
      };
    // not a permission lacked but who the caller is (a system user, not the step's assignee, …)
    const reason = knownReason(params, FORBIDDEN_REASONS);
    return { intent: 'error', key: 'forbidden', ...base, ...(reason ? { text: reason } : {}) };
  }
  if (status === 404 && code === ErrorCodes.userNotFound)
    return { intent: 'error', key: 'userNotFound', ...base };
  if (status === 404) return { intent: 'error', key: 'notFound', ...base };
  if (status === 400 && code === ErrorCodes.licenseUnavailable)
    return { intent: 'warning', key: 'licenseUnavailable', ...base };
  if (status === 400 && code === ErrorCodes.licenseExpired)
    return { intent: 'warning', key: 'licenseExpired', ...base };
  const fieldErrors = status === 400 ? keyedFieldErrors(failure.body) : [];
  if (fieldErrors.length > 0) return { intent: 'warning', key: 'validationFailed', ...base, fieldErrors };
  if (status === 409) {
    // the record's state refused the call: saying "reload" would send the person nowhere
    const reason = knownReason(params, CONFLICT_REASONS);
    return {
      intent: 'warning',
      key: 'conflict',
      ...base,
      ...(reason ? { text: reason, title: 'refusedTitle', ...reasonValues(params) } : {}),
    };
  }
  if (status === 413) return { intent: 'error', key: 'payloadTooLarge', ...base };
  if (status === 429)
    return { intent: 'warning', key: 'tooManyRequests', ...base, ...withRetryAfter(failure) };
  if (status === 503)
    return { intent: 'warning', key: 'serviceUnavailable', ...base, ...withRetryAfter(failure) };
  if (status >= 500) return { intent: 'error', key: 'serverError', ...base };
  // 200 with a body that is not the API's (status 200 here): nothing the user can be told
  if (status < 400) return { intent: 'error', key: 'unexpected', ...base };
  return { intent: 'error', key: 'requestFailed', ...base };
}

/**
 * What a failed call tells the user, decided as for its toast, for a screen that says it in
 * place (a call made with ignoreError): the same key, text and values, from the ApiError alone
 * (no path, so a 401 is never a failed sign-in here; no Retry-After).
 */
export function noticeForError(error: ApiError): SessionNotice | null {
  return decideNotice({
    status: error.status,
    code: error.code,
    body: { code: error.code, params: error.params, errors: error.fieldErrors },
    statusText: '',
    path: '',
    retryAfter: null,
    canceled: error.code === ClientErrorCodes.canceled,
  });
}

/** The same notice again within this time is the same event seen by several calls: shown once. */
export const NOTICE_REPEAT_WINDOW_MS = 3000;

export interface NoticeCenter {
  notices$: Observable<SessionNotice>;
  report(notice: SessionNotice): void;
}

/**
 * The stream of notices. Five list calls failing with the same 500 make one notice, not five:
 * an identical notice (intent, key, text, params) within NOTICE_REPEAT_WINDOW_MS is dropped.
 */
export function createNoticeCenter(): NoticeCenter {
  const subject = new Subject<SessionNotice>();
  const lastShown = new Map<string, number>();
  return {
    notices$: subject.asObservable(),
    report(notice) {
      const signature = `${notice.intent}|${notice.key}|${notice.text ?? ''}|${JSON.stringify(notice.params ?? {})}`;
      const now = Date.now();
      for (const [seen, at] of lastShown) if (now - at >= NOTICE_REPEAT_WINDOW_MS) lastShown.delete(seen);
      const previous = lastShown.get(signature);
      if (previous !== undefined && now - previous < NOTICE_REPEAT_WINDOW_MS) return;
      lastShown.set(signature, now);
      subject.next(notice);
    },
  };
}

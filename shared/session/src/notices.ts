import { Subject, type Observable } from 'rxjs';
import { ApiPaths, ErrorCodes, FieldErrorKeys } from '@hcm/contracts';

/**
 * What the user may be told about a failed call. The shell translates each key from its
 * `notices` dictionary section (`notices.<key>.title` and `notices.<key>.text`).
 */
export const SessionNoticeKeys = {
  /** 401 on sign-in, or a sign-in answer without an access token. */
  loginFailed: 'loginFailed',
  /** The token could not be refreshed: the session is over (at most one per ending). */
  sessionExpired: 'sessionExpired',
  /** 403; the server's message is shown when it gave one. */
  forbidden: 'forbidden',
  /** 403 with PASSWORD_CHANGE_REQUIRED: the password was set by someone else (warning). */
  passwordChangeRequired: 'passwordChangeRequired',
  /** 404 with USER_NOT_FOUND. */
  userNotFound: 'userNotFound',
  /** 400 with code 40000030 (warning). */
  licenseUnavailable: 'licenseUnavailable',
  /** 400 with code 40000029 (warning). */
  licenseExpired: 'licenseExpired',
  /**
   * 400 with field errors: what was wrong is written on the fields, in the user's language, by
   * their keys (catalogues §5.3); the notice says so in words of its own, never the server's
   * English (`message` is left out, `fieldErrors` carries the keys and their values).
   */
  validationFailed: 'validationFailed',
  /** 409: someone changed the record meanwhile, or it already exists (warning). */
  conflict: 'conflict',
  /** 429: too many calls; `retryAfterSeconds` when the server said (warning). */
  tooManyRequests: 'tooManyRequests',
  /** 5xx: the server failed; its own words are not shown (they are for the logs). */
  serverError: 'serverError',
  /** No answer at all. */
  network: 'network',
  /** Any other failure whose reason the server (or HTTP) put into words: `message`. */
  requestFailed: 'requestFailed',
  /** Any other failure with nothing to say. */
  unexpected: 'unexpected',
  /** The profile (me/profile) could not be loaded. */
  profileLoadFailed: 'profileLoadFailed',
} as const;
export type SessionNoticeKey = (typeof SessionNoticeKeys)[keyof typeof SessionNoticeKeys];

export interface SessionNotice {
  intent: 'error' | 'warning';
  key: SessionNoticeKey;
  /** The server's own words, shown as they are instead of the key's text. */
  message?: string;
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
const nonBlank = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

/**
 * Core §8's generic message order: the first item of `errors[].message`, then `message`, then
 * the HTTP status text. Undefined when none says anything (the caller then uses a key's text).
 */
export function serverMessage(body: unknown, statusText: string): string | undefined {
  if (isRecord(body)) {
    const first: unknown = Array.isArray(body.errors) ? body.errors[0] : undefined;
    if (isRecord(first) && nonBlank(first.message)) return first.message;
    if (nonBlank(body.message)) return body.message;
  }
  return nonBlank(statusText) ? statusText : undefined;
}

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

function generic(failure: CallFailure): SessionNotice {
  const message = serverMessage(failure.body, failure.statusText);
  return message === undefined
    ? { intent: 'error', key: 'unexpected', status: failure.status, code: failure.code }
    : { intent: 'error', key: 'requestFailed', message, status: failure.status, code: failure.code };
}

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
  const words = serverMessage(failure.body, failure.statusText);
  const withWords = words === undefined ? {} : { message: words };
  if (status === 401 && failure.path === ApiPaths.iam.authenticate) {
    // The sign-in's own reason ("wrong password", "account locked"), not the bare status text.
    const reason = serverMessage(failure.body, '');
    return { intent: 'error', key: 'loginFailed', ...base, ...(reason ? { message: reason } : {}) };
  }
  if (status === 403 && code === ErrorCodes.passwordChangeRequired)
    return { intent: 'warning', key: 'passwordChangeRequired', ...base };
  if (status === 403) return { intent: 'error', key: 'forbidden', ...base, ...withWords };
  if (status === 404 && code === ErrorCodes.userNotFound)
    return { intent: 'error', key: 'userNotFound', ...base };
  if (status === 400 && code === ErrorCodes.licenseUnavailable)
    return { intent: 'warning', key: 'licenseUnavailable', ...base };
  if (status === 400 && code === ErrorCodes.licenseExpired)
    return { intent: 'warning', key: 'licenseExpired', ...base };
  const fieldErrors = status === 400 ? keyedFieldErrors(failure.body) : [];
  if (fieldErrors.length > 0) return { intent: 'warning', key: 'validationFailed', ...base, fieldErrors };
  if (status === 409) return { intent: 'warning', key: 'conflict', ...base, ...withWords };
  if (status === 429) {
    const seconds = retryAfterSeconds(failure.retryAfter);
    return {
      intent: 'warning',
      key: 'tooManyRequests',
      ...base,
      ...(seconds === undefined ? {} : { retryAfterSeconds: seconds }),
    };
  }
  if (status >= 500) return { intent: 'error', key: 'serverError', ...base };
  return generic({ ...failure, code });
}

/** The same notice again within this time is the same event seen by several calls: shown once. */
export const NOTICE_REPEAT_WINDOW_MS = 3000;

export interface NoticeCenter {
  notices$: Observable<SessionNotice>;
  report(notice: SessionNotice): void;
}

/**
 * The stream of notices. Five list calls failing with the same 500 make one notice, not five:
 * an identical notice (intent, key, message) within NOTICE_REPEAT_WINDOW_MS is dropped.
 */
export function createNoticeCenter(): NoticeCenter {
  const subject = new Subject<SessionNotice>();
  const lastShown = new Map<string, number>();
  return {
    notices$: subject.asObservable(),
    report(notice) {
      const signature = `${notice.intent}|${notice.key}|${notice.message ?? ''}`;
      const now = Date.now();
      for (const [seen, at] of lastShown) if (now - at >= NOTICE_REPEAT_WINDOW_MS) lastShown.delete(seen);
      const previous = lastShown.get(signature);
      if (previous !== undefined && now - previous < NOTICE_REPEAT_WINDOW_MS) return;
      lastShown.set(signature, now);
      subject.next(notice);
    },
  };
}

import type { InternalAxiosRequestConfig } from 'axios';
import { Headers as HcmHeaders } from '@hcm/contracts';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Show the page's loading bar while this call is pending (sends `x-loading: true`). */
    loading?: boolean;
    /** Tell the user nothing when this call fails; the caller handles it (sends `x-ignore-error: true`). */
    ignoreError?: boolean;
    /** Ask the server for a reduced answer body (sends `x-optimal-response: true`). */
    optimalResponse?: boolean;
    /** A solved proof-of-work challenge as `<prefix>:<nonce>` (sends `x-captcha`; proof-of-work.ts). */
    captcha?: string;
    /** Ties this call to a business transaction (sends `x-transaction-id`). */
    transactionId?: string;
  }
}

/** The yes/no flags, each with the header that carries it (core §7). */
const BOOLEAN_FLAGS = {
  loading: HcmHeaders.loading,
  ignoreError: HcmHeaders.ignoreError,
  optimalResponse: HcmHeaders.optimalResponse,
} as const;

export type BooleanRequestFlag = keyof typeof BOOLEAN_FLAGS;

/** Turns the typed options into their headers. A header the caller set itself is kept. */
export function applyRequestFlags(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  for (const flag of Object.keys(BOOLEAN_FLAGS) as BooleanRequestFlag[]) {
    if (config[flag] === true) config.headers.set(BOOLEAN_FLAGS[flag], 'true', false);
  }
  if (config.captcha) config.headers.set(HcmHeaders.captcha, config.captcha, false);
  if (config.transactionId) config.headers.set(HcmHeaders.transactionId, config.transactionId, false);
  return config;
}

/**
 * Whether a call carries a flag, given as the typed option or as the bare header (code that
 * builds its headers by hand, or a header copied from another request). `false`/`0` mean off.
 */
export function hasRequestFlag(
  config: Pick<InternalAxiosRequestConfig, BooleanRequestFlag | 'headers'> | undefined,
  flag: BooleanRequestFlag,
): boolean {
  if (!config) return false;
  if (config[flag] !== undefined) return config[flag] === true;
  const header = config.headers.get(BOOLEAN_FLAGS[flag]);
  if (header === undefined || header === null || header === false) return false;
  const text = String(header).trim().toLowerCase();
  return text !== 'false' && text !== '0';
}

import { formatNumber } from './number.ts';

export const BYTE_UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;
/** Upload sizes are given in megabytes of this many bytes (catalogues §9). */
export const BYTES_PER_MB = 1048576;

/**
 * A size in 1024 steps with at most `decimals` (default 2, cut) decimals, Vietnamese notation:
 * formatBytes(0) === '0 Bytes', formatBytes(1536) === '1,5 KB', formatBytes(1048576) === '1 MB'.
 */
export function formatBytes(bytes: number | null | undefined, decimals = 2): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes === 0) return `0 ${BYTE_UNITS[0]}`;
  const step = Math.min(BYTE_UNITS.length - 1, Math.max(0, Math.floor(Math.log(bytes) / Math.log(1024))));
  return `${formatNumber(bytes / 1024 ** step, { decimals })} ${BYTE_UNITS[step]}`;
}

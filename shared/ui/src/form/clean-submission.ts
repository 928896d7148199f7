import dayjs, { type Dayjs } from 'dayjs';
import { collapseSpaces } from './clean-text.ts';
import { DateFormats } from '../format/date.ts';

/**
 * Field-name suffixes that change how a date is sent. The spec names a millisecond suffix and a
 * time suffix without spelling them; its exclusion list (createdAt, lastAuthAt... and loopTime,
 * slaTime, handlingTime) shows them: `...At` fields carry instants, `...Time` fields times of day.
 */
export const MILLISECONDS_SUFFIX = 'At';
export const TIME_SUFFIX = 'Time';

/** Fields whose values are never converted, whatever their suffix (catalogues §5.3). */
export const DATE_CONVERSION_EXCLUSIONS: readonly string[] = [
  'createdAt',
  'lastModifiedAt',
  'loopTime',
  'slaTime',
  'lastAuthAt',
  'lastAuthChangeAt',
  'lastAuthFailAt',
  'handlingTime',
];

type Plain = string | number | boolean | Plain[] | { [key: string]: Plain };

const isDate = (value: unknown): value is Date | Dayjs => value instanceof Date || dayjs.isDayjs(value);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

function convertDate(key: string, value: Date | Dayjs): string | number | Date | Dayjs | undefined {
  const date = dayjs(value);
  if (!date.isValid()) return undefined;
  if (DATE_CONVERSION_EXCLUSIONS.includes(key)) return value;
  if (key.endsWith(MILLISECONDS_SUFFIX)) return date.valueOf();
  if (key.endsWith(TIME_SUFFIX)) return date.format(DateFormats.time);
  return date.format(DateFormats.isoDate);
}

/** Numbers keep only digits, dot and minus; NaN and infinities are dropped. */
function cleanNumber(value: number): number | undefined {
  if (!Number.isFinite(value)) return undefined;
  const text = String(value);
  return /e/i.test(text) ? value : Number(text.replace(/[^\d.-]/g, ''));
}

function cleanValue(key: string, value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') {
    const text = collapseSpaces(value);
    return text === '' ? undefined : text;
  }
  if (typeof value === 'number') return cleanNumber(value);
  if (isDate(value)) return convertDate(key, value);
  if (Array.isArray(value)) {
    const items = value.map((item) => cleanValue(key, item)).filter((item) => item !== undefined);
    return items.length === 0 ? undefined : items;
  }
  if (isPlainObject(value)) return cleanObject(value);
  // booleans, Files, Blobs and anything else go as they are
  return value;
}

function cleanObject(value: Record<string, unknown>): Record<string, Plain> {
  const out: Record<string, Plain> = {};
  for (const [key, item] of Object.entries(value)) {
    const cleaned = cleanValue(key, item);
    if (cleaned !== undefined) out[key] = cleaned as Plain;
  }
  return out;
}

/**
 * The one cleanup every form applies to what it submits (catalogues §5.3): strings trimmed and
 * collapsed; empty strings, empty arrays, null and undefined dropped, also as array entries;
 * dates as local yyyy-MM-dd, as epoch milliseconds for `...At` fields, as HH:mm:ss for `...Time`
 * fields, except the listed exclusions (sent as they are); nested objects cleaned the same way.
 */
export function cleanSubmission<T extends Record<string, unknown>>(values: T): Record<string, unknown> {
  return cleanObject(values);
}

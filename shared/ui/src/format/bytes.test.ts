import { describe, expect, it } from 'vitest';
import { BYTE_UNITS, formatBytes } from './bytes.ts';

describe('formatBytes', () => {
  it('steps by 1024 from Bytes to YB with at most 2 decimals', () => {
    expect(BYTE_UNITS).toEqual(['Bytes', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB']);
    expect(formatBytes(0)).toBe('0 Bytes');
    expect(formatBytes(1023)).toBe('1.023 Bytes');
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(1536)).toBe('1,5 KB');
    expect(formatBytes(1048576)).toBe('1 MB');
    expect(formatBytes(5 * 1048576 + 123456)).toBe('5,11 MB');
    expect(formatBytes(1024 ** 8 * 3)).toBe('3 YB');
    expect(formatBytes(1024 ** 9 * 2)).toBe('2.048 YB');
    expect(formatBytes(1536, 0)).toBe('1 KB');
  });

  it('gives blank for nothing or a negative size', () => {
    expect(formatBytes(null)).toBe('');
    expect(formatBytes(-1)).toBe('');
    expect(formatBytes(Number.NaN)).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { recordDisplayName } from './display-name.ts';

describe('recordDisplayName', () => {
  it('names a unit by its name before its code, and a person by full name', () => {
    expect(recordDisplayName({ name: 'Phòng Kinh doanh', code: 'KD' })).toBe('Phòng Kinh doanh');
    expect(recordDisplayName({ fullName: 'Đỗ Thị Mai', code: 'NV01' })).toBe('Đỗ Thị Mai');
  });

  it('names a contract by its number and a decision by its decision number', () => {
    expect(recordDisplayName({ number: '01/2026/HĐLĐ', workerId: 'x' })).toBe('01/2026/HĐLĐ');
    expect(recordDisplayName({ decisionNumber: '15/QĐ-ĐC', effectiveDate: '2026-06-01' })).toBe('15/QĐ-ĐC');
  });

  it('skips empty and non-text values, and answers nothing when nothing names the record', () => {
    expect(recordDisplayName({ name: '  ', title: 'Lịch nghỉ Tết', code: 7 })).toBe('Lịch nghỉ Tết');
    expect(recordDisplayName({ code: null, id: 'a' })).toBe('');
  });
});

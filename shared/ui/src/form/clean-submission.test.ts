import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { cleanSubmission, DATE_CONVERSION_EXCLUSIONS } from './clean-submission.ts';

describe('cleanSubmission', () => {
  it('trims and collapses strings, drops empty strings, null, undefined and empty arrays', () => {
    expect(
      cleanSubmission({
        name: '  Phòng   Nhân sự ',
        code: '   ',
        note: '',
        parentId: null,
        managerId: undefined,
        tags: [],
        active: false,
        count: 0,
      }),
    ).toEqual({ name: 'Phòng Nhân sự', active: false, count: 0 });
  });

  it('drops empty array entries, and arrays left empty', () => {
    expect(cleanSubmission({ ids: ['a', '', null, ' b ', undefined], other: [null, ''] })).toEqual({
      ids: ['a', 'b'],
    });
  });

  it('sends dates as local yyyy-MM-dd, ...At fields as milliseconds, ...Time fields as HH:mm:ss', () => {
    const date = new Date(2024, 0, 31, 23, 30, 15);
    expect(
      cleanSubmission({
        effectiveDate: date,
        birthday: dayjs(date),
        sendAt: date,
        startTime: date,
      }),
    ).toEqual({
      effectiveDate: '2024-01-31',
      birthday: '2024-01-31',
      sendAt: date.getTime(),
      startTime: '23:30:15',
    });
  });

  it('leaves the excluded fields as they are', () => {
    const date = new Date(2024, 0, 31, 23, 30, 15);
    expect(DATE_CONVERSION_EXCLUSIONS).toEqual([
      'createdAt',
      'lastModifiedAt',
      'loopTime',
      'slaTime',
      'lastAuthAt',
      'lastAuthChangeAt',
      'lastAuthFailAt',
      'handlingTime',
    ]);
    const input = Object.fromEntries(DATE_CONVERSION_EXCLUSIONS.map((key) => [key, date]));
    const cleaned = cleanSubmission(input);
    for (const key of DATE_CONVERSION_EXCLUSIONS) expect(cleaned[key]).toBe(date);
    expect(cleanSubmission({ slaTime: 3_600_000 })).toEqual({ slaTime: 3_600_000 });
  });

  it('drops invalid dates and non-finite numbers; keeps numbers as digits, dot and minus', () => {
    expect(cleanSubmission({ at: new Date(Number.NaN), a: Number.NaN, b: -12.5, c: 1e21 })).toEqual({
      b: -12.5,
      c: 1e21,
    });
  });

  it('cleans nested objects and arrays of objects', () => {
    expect(
      cleanSubmission({
        address: { street: '  12   Lý Thái Tổ ', ward: '' },
        steps: [{ name: ' Bước 1 ', assigneeUserId: null }, null],
      }),
    ).toEqual({ address: { street: '12 Lý Thái Tổ' }, steps: [{ name: 'Bước 1' }] });
  });

  it('keeps files and booleans as they are', () => {
    const file = new File(['x'], 'a.pdf');
    expect(cleanSubmission({ file, flag: true })).toEqual({ file, flag: true });
  });
});

import { describe, expect, it } from 'vitest';
import { traceValueText } from './trace-format.ts';
import {
  columnGroupsOf,
  frozenOf,
  gridFieldOf,
  gridValueOf,
  typedInGrid,
  whyNotWritable,
  workerErrorText,
} from './sheet-values.ts';

const sheet = (approvalStatus: string, computeStatus = 'COMPUTED', lockedAt: string | null = null) => ({
  approvalStatus,
  computeStatus,
  lockedAt,
});

describe('what a sheet lets HR change', () => {
  it('is frozen while in approval, once approved and once locked, as the server refuses it', () => {
    expect(frozenOf(sheet('NEW'))).toBeNull();
    expect(frozenOf(sheet('REJECTED'))).toBeNull();
    expect(frozenOf(sheet('CANCELED'))).toBeNull();
    expect(frozenOf(sheet('WAIT_APPROVE'))).toBe('IN_APPROVAL');
    expect(frozenOf(sheet('IN_APPROVE'))).toBe('IN_APPROVAL');
    expect(frozenOf(sheet('APPROVED'))).toBe('APPROVED');
    expect(frozenOf(sheet('APPROVED', 'COMPUTED', '2026-04-02T03:00:00Z'))).toBe('LOCKED');
  });

  it('says why not: the state first, then the permission, then a computation running', () => {
    expect(whyNotWritable(sheet('NEW'), true)).toBeNull();
    expect(whyNotWritable(sheet('NEW', 'DRAFT'), true)).toBeNull();
    expect(whyNotWritable(sheet('NEW', 'COMPUTING'), true)).toBe('reasonComputing');
    expect(whyNotWritable(sheet('NEW'), false)).toBe('reasonNoPermission');
    expect(whyNotWritable(sheet('WAIT_APPROVE'), false)).toBe('reasonInApproval');
    expect(whyNotWritable(sheet('APPROVED'), true)).toBe('reasonApproved');
    expect(whyNotWritable(sheet('APPROVED', 'COMPUTED', '2026-04-02T03:00:00Z'), true)).toBe('reasonLocked');
  });
});

describe('the review table’s column groups', () => {
  const components = ['LUONG', 'PHU_CAP', 'TONG_TN', 'BHXH', 'THUC_LINH', 'GHI_CHU'].map((code) => ({
    code,
  }));
  const line = (groupTitle: string, componentCode: string, groupTitleEn: string | null = null) => ({
    groupTitle,
    groupTitleEn,
    componentCode,
  });
  const other = { vi: 'Thành phần khác', en: 'Other components' };

  it('follows the payslip’s groups and puts the components no group shows last', () => {
    const groups = columnGroupsOf(
      components,
      [
        line('Thu nhập', 'LUONG', 'Earnings'),
        line('Thu nhập', 'PHU_CAP', 'Earnings'),
        line('Thu nhập', 'TONG_TN', 'Earnings'),
        line('Khấu trừ', 'BHXH'),
        line('Thực lĩnh', 'THUC_LINH'),
      ],
      other,
    );
    expect(groups).toEqual([
      { title: { vi: 'Thu nhập', en: 'Earnings' }, codes: ['LUONG', 'PHU_CAP', 'TONG_TN'] },
      { title: { vi: 'Khấu trừ', en: 'Khấu trừ' }, codes: ['BHXH'] },
      { title: { vi: 'Thực lĩnh', en: 'Thực lĩnh' }, codes: ['THUC_LINH'] },
      { title: other, codes: ['GHI_CHU'] },
    ]);
  });

  it('drops what the sheet does not compute, and has no groups without a payslip', () => {
    expect(columnGroupsOf(components, [line('Cũ', 'DA_XOA')], other)).toEqual([]);
    expect(columnGroupsOf(components, [], other)).toEqual([]);
  });
});

describe('values in the grid and the trace', () => {
  it('types money and integers in whole đồng, other numbers to 4 decimals, negatives allowed', () => {
    expect(gridFieldOf('MONEY')).toMatchObject({ kind: 'decimal', scale: 0 });
    expect(gridFieldOf('INTEGER')).toMatchObject({ scale: 0 });
    expect(gridFieldOf('NUMBER')).toMatchObject({ scale: 4 });
    expect(gridFieldOf('PERCENT')).toMatchObject({ scale: 4 });
    expect(gridFieldOf('MONEY')?.kind === 'decimal' && gridFieldOf('MONEY')).toMatchObject({
      minimum: '-999999999999999',
    });
    expect(gridFieldOf('TEXT')).toBeUndefined();
    expect(gridFieldOf('DATE')).toBeUndefined();
  });

  it('keeps amounts as decimal strings and text as it is', () => {
    expect(gridValueOf(20_000_000)).toBe('20000000');
    expect(gridValueOf(-1500)).toBe('-1500');
    expect(gridValueOf('26.5')).toBe('26.5');
    expect(gridValueOf(null)).toBeNull();
    expect(gridValueOf(undefined)).toBeNull();
  });

  it('lets HR type INPUT components in the grid, except dates and list values', () => {
    expect(typedInGrid({ source: 'INPUT', valueType: 'MONEY' })).toBe(true);
    expect(typedInGrid({ source: 'INPUT', valueType: 'TEXT' })).toBe(true);
    expect(typedInGrid({ source: 'INPUT', valueType: 'DATE' })).toBe(false);
    expect(typedInGrid({ source: 'FORMULA', valueType: 'MONEY' })).toBe(false);
  });

  it('shows a trace’s values as HR reads them', () => {
    const words = { yes: 'Đúng', no: 'Sai', none: '(trống)' };
    expect(traceValueText(20_000_000, words, 'MONEY')).toBe('20.000.000');
    expect(traceValueText(769_230.769_23, words)).toBe('769.230,7692');
    expect(traceValueText(0.08, words)).toBe('0,08');
    expect(traceValueText(true, words)).toBe('Đúng');
    expect(traceValueText(null, words)).toBe('(trống)');
    expect(traceValueText('2026-03-31', words)).toBe('31/03/2026');
    expect(traceValueText('I', words)).toBe('I');
  });

  it('says a worker’s error in the reader’s language, naming the component that failed', () => {
    const error = {
      component: 'TIEN_NGHI_BU',
      code: 'divisionByZero',
      message: { vi: 'Chia cho 0', en: 'Division by zero' },
      params: {},
    };
    const named = (component: string, message: string) => `${component}: ${message}`;
    expect(workerErrorText(error, false, named)).toBe('TIEN_NGHI_BU: Chia cho 0');
    expect(workerErrorText(error, true, named)).toBe('TIEN_NGHI_BU: Division by zero');
    expect(workerErrorText({ ...error, component: null }, false, named)).toBe('Chia cho 0');
  });
});

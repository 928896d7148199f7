import { describe, expect, it } from 'vitest';
import { FieldErrorKeys } from '@hcm/contracts';
import { f, label } from '@hcm/contracts/resource';
import { numberRules, pastedNumberText, readCell, sumOf } from './cell-values.ts';

const money = f.money({ label: label('t.m', 'Tiền', 'Money'), required: true });
const coefficient = f.decimal({ label: label('t.c', 'Hệ số', 'Coefficient'), precision: 5, scale: 3 });
const days = f.integer({ label: label('t.d', 'Ngày', 'Days'), minimum: 0, maximum: 31 });

describe('cell values', () => {
  it('takes the typing rules from the contract field', () => {
    expect(numberRules(coefficient)).toEqual({ decimals: 3, allowNegative: false, max: '99.999' });
    expect(numberRules(days)).toEqual({ decimals: 0, allowNegative: false, max: '31' });
    expect(numberRules(undefined)).toBe(null);
  });

  it('reads numbers pasted from a Vietnamese or an English Excel', () => {
    expect(pastedNumberText('1.234.567')).toBe('1.234.567');
    expect(pastedNumberText('2,34')).toBe('2,34');
    expect(pastedNumberText('2.34')).toBe('2,34');
    expect(pastedNumberText('1,234.5')).toBe('1234,5');
    // one dot before three digits: a Vietnamese thousand
    expect(pastedNumberText('1.234')).toBe('1.234');
  });

  it("refuses what the field's limits refuse, with the spec's keys", () => {
    const rules = numberRules(money);
    expect(readCell('1.500.000', money, rules, undefined, true)).toEqual({ value: '1500000', error: null });
    expect(readCell('', money, rules, undefined).error).toEqual({ key: FieldErrorKeys.required });
    expect(readCell('-5', money, rules, undefined, true).error).toMatchObject({
      key: FieldErrorKeys.min,
    });
    expect(readCell('năm', money, rules, undefined, true).error).toEqual({
      key: FieldErrorKeys.invalidValue,
    });
    expect(readCell('32', days, numberRules(days), undefined).error).toMatchObject({
      key: FieldErrorKeys.max,
      params: { required: '31', actual: '32' },
    });
    expect(readCell('1,2345', coefficient, numberRules(coefficient), undefined, true).error).toEqual({
      key: FieldErrorKeys.pattern,
    });
    expect(
      readCell('0', coefficient, numberRules(coefficient), (v) => (v === '0' ? 'not 0' : null)).error,
    ).toBe('not 0');
  });

  it('adds decimal strings exactly, never through binary floats', () => {
    expect(sumOf(['0.1', '0.2'])).toBe('0.3');
    expect(sumOf(['2.345', '1', null, '-0.345'])).toBe('3');
    expect(sumOf(Array.from({ length: 10_000 }, () => '99999999.99'))).toBe('999999999900');
    expect(sumOf([null])).toBe(null);
    // past 2^53 in the scaled integers: added in BigInt, still exact
    expect(sumOf(['9007199254740993', '1'])).toBe('9007199254740994');
    expect(sumOf(['99999999999999.99', '0.01'])).toBe('100000000000000');
  });
});

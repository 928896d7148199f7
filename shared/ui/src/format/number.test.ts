import { describe, expect, it } from 'vitest';
import { Decimals, formatNumber } from './number.ts';
import { decimalParts } from './decimal-string.ts';

describe('formatNumber', () => {
  it('has the decimals of catalogues §9', () => {
    expect(Decimals).toEqual({
      area: 3,
      unitPrice: 3,
      totalPrice: 3,
      coefficient: 3,
      time: 3,
      seniority: 2,
      number: 2,
      money: 0,
      integer: 0,
      default: 2,
    });
  });

  it('writes Vietnamese separators and cuts (never rounds) to the kind’s decimals', () => {
    expect(formatNumber(1234567.899)).toBe('1.234.567,89');
    expect(formatNumber(1234.5678, { decimals: 'area' })).toBe('1.234,567');
    expect(formatNumber(2.999, { decimals: 'seniority' })).toBe('2,99');
    expect(formatNumber(1999.99, { decimals: 'integer' })).toBe('1.999');
    expect(formatNumber(0.7, { decimals: 'coefficient' })).toBe('0,7');
    expect(formatNumber(-1234.5, { decimals: 'time' })).toBe('-1.234,5');
  });

  it('pads with zeros when fixed', () => {
    expect(formatNumber(1.5, { decimals: 'unitPrice', fixed: true })).toBe('1,500');
    expect(formatNumber(0, { decimals: 'number', fixed: true })).toBe('0,00');
  });

  it('reads plain decimal strings without going through floats', () => {
    expect(formatNumber('999999999999999.99', { decimals: 2 })).toBe('999.999.999.999.999,99');
    expect(formatNumber('0012.3400')).toBe('12,34');
  });

  it('shows zero, -0 and 0.00 as 0 or blank', () => {
    expect(formatNumber(-0)).toBe('0');
    expect(formatNumber('-0.00')).toBe('0');
    expect(formatNumber(-0.001)).toBe('0');
    expect(formatNumber(0, { zero: 'blank' })).toBe('');
    expect(formatNumber('0.00', { zero: 'blank' })).toBe('');
  });

  it('gives blank for nothing or nonsense', () => {
    expect(formatNumber(null)).toBe('');
    expect(formatNumber(undefined)).toBe('');
    expect(formatNumber(Number.NaN)).toBe('');
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe('');
    expect(formatNumber('12abc')).toBe('');
    expect(formatNumber('')).toBe('');
  });

  it('expands exponents', () => {
    expect(decimalParts(1.5e-7)).toEqual({ negative: false, integer: '0', fraction: '00000015' });
    expect(formatNumber(1e21, { decimals: 0 })).toBe('1.000.000.000.000.000.000.000');
  });
});

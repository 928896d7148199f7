import { describe, expect, it } from 'vitest';
import { abbreviateMoney, formatMoney } from './money.ts';

describe('formatMoney', () => {
  it('formats in vi-VN with at most 3 decimals, cut not rounded', () => {
    expect(formatMoney(1234567)).toBe('1.234.567');
    expect(formatMoney(1234567.8999)).toBe('1.234.567,899');
    expect(formatMoney(0.9999)).toBe('0,999');
    expect(formatMoney(-2500.5)).toBe('-2.500,5');
    expect(formatMoney('15000000.10')).toBe('15.000.000,1');
  });

  it('shows -0 and 0.00 as 0, or blank when asked', () => {
    expect(formatMoney(-0)).toBe('0');
    expect(formatMoney('0.00')).toBe('0');
    expect(formatMoney(-0.0001)).toBe('0');
    expect(formatMoney(0, { zero: 'blank' })).toBe('');
    expect(formatMoney(-0, { zero: 'blank', unit: true })).toBe('');
  });

  it('adds the VNĐ label', () => {
    expect(formatMoney(1500000, { unit: true })).toBe('1.500.000 VNĐ');
    expect(formatMoney(null, { unit: true })).toBe('');
  });

  it('abbreviates by thousands with K, M, B, cut to 2 decimals', () => {
    expect(abbreviateMoney(950)).toBe('950');
    expect(abbreviateMoney(1500)).toBe('1,5K');
    expect(abbreviateMoney(1_234_567)).toBe('1,23M');
    expect(abbreviateMoney(1_999_999)).toBe('1,99M');
    expect(abbreviateMoney(7_000_000_000)).toBe('7B');
    expect(abbreviateMoney(2.5e12)).toBe('2.500B');
    expect(abbreviateMoney(-45_600)).toBe('-45,6K');
    expect(abbreviateMoney(1_500_000, { unit: true })).toBe('1,5M VNĐ');
    expect(abbreviateMoney(0)).toBe('0');
    expect(abbreviateMoney(0, { zero: 'blank' })).toBe('');
    expect(abbreviateMoney(null)).toBe('');
  });
});

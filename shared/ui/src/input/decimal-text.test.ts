import { describe, expect, it } from 'vitest';
import { caretAfterFormat, formatDecimalValue, readDecimalText } from './decimal-text.ts';

describe('decimal input text', () => {
  it('groups thousands with dots and keeps the comma as decimal separator', () => {
    expect(readDecimalText('1234567')).toEqual({ value: '1234567', display: '1.234.567' });
    expect(readDecimalText('1234,5')).toEqual({ value: '1234.5', display: '1.234,5' });
    expect(readDecimalText('1234,')).toEqual({ value: '1234', display: '1.234,' });
  });

  it('cuts to the configured decimals (2 by default)', () => {
    expect(readDecimalText('1,2345')?.value).toBe('1.23');
    expect(readDecimalText('1,2345', { decimals: 3 })?.value).toBe('1.234');
    expect(readDecimalText('12,5', { decimals: 0 })).toEqual({ value: '125', display: '125' });
  });

  it('cleans pasted text: dots are thousands, letters and spaces go', () => {
    expect(readDecimalText(' 1.234.567,89 VNĐ')).toEqual({ value: '1234567.89', display: '1.234.567,89' });
    expect(readDecimalText('abc')).toEqual({ value: null, display: '' });
    expect(readDecimalText('1,2,3')?.value).toBe('1.23');
  });

  it('removes leading zeros', () => {
    expect(readDecimalText('000123')?.display).toBe('123');
    expect(readDecimalText('00,5')).toEqual({ value: '0.5', display: '0,5' });
    expect(readDecimalText(',5')).toEqual({ value: '0.5', display: '0,5' });
  });

  it('keeps a minus only when negatives are enabled', () => {
    expect(readDecimalText('-12')?.value).toBe('12');
    expect(readDecimalText('-12', { allowNegative: true })).toEqual({ value: '-12', display: '-12' });
    expect(readDecimalText('-', { allowNegative: true })).toEqual({ value: null, display: '-' });
    expect(readDecimalText('-0', { allowNegative: true })?.value).toBe('0');
  });

  it('refuses values over 999999999999999 (or the given max)', () => {
    expect(readDecimalText('999999999999999')?.value).toBe('999999999999999');
    expect(readDecimalText('999999999999999,99')).toBeNull();
    expect(readDecimalText('1000000000000000')).toBeNull();
    expect(readDecimalText('101', { max: 100 })).toBeNull();
    expect(readDecimalText('-101', { max: 100, allowNegative: true })).toBeNull();
  });

  it('shows a value when not editing', () => {
    expect(formatDecimalValue('1234567.5')).toBe('1.234.567,5');
    expect(formatDecimalValue('-0.00')).toBe('0');
    expect(formatDecimalValue(null)).toBe('');
    expect(formatDecimalValue(12.345, 2)).toBe('12,34');
  });

  it('keeps the caret after the same digits when dots appear', () => {
    // typed the 4th digit at the end: '1234' -> '1.234'
    expect(caretAfterFormat('1234', 4, '1.234')).toBe(5);
    // typed '9' after '1' in '1.234' -> '19.234'
    expect(caretAfterFormat('19.234', 2, '19.234')).toBe(2);
    expect(caretAfterFormat('1.2349', 6, '12.349')).toBe(6);
    expect(caretAfterFormat('', 0, '')).toBe(0);
  });
});

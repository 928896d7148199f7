import { describe, expect, it } from 'vitest';
import { cleanText, collapseSpaces, stripLeadingSpecial } from './clean-text.ts';

describe('text cleanup', () => {
  it('strips leading special characters, keeping letters of any script and digits', () => {
    expect(stripLeadingSpecial('  -*#Nguyễn')).toBe('Nguyễn');
    expect(stripLeadingSpecial('@@Đặng')).toBe('Đặng');
    expect(stripLeadingSpecial('123 abc')).toBe('123 abc');
    expect(stripLeadingSpecial('a-b!')).toBe('a-b!');
    expect(stripLeadingSpecial('!!!')).toBe('');
  });

  it('trims and collapses repeated spaces', () => {
    expect(collapseSpaces('  Lê   Văn\t\tA \n')).toBe('Lê Văn A');
  });

  it('does both', () => {
    expect(cleanText(' -- Phòng   Kế toán  ')).toBe('Phòng Kế toán');
  });
});

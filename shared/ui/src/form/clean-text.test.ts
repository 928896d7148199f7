import { describe, expect, it } from 'vitest';
import {
  cleanFieldText,
  cleanMultilineText,
  cleanText,
  collapseSpaces,
  stripLeadingSpecial,
} from './clean-text.ts';

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

  it('keeps the lines and a leading dash of a multi-line text', () => {
    expect(
      cleanMultilineText(
        '  \r\nKính gửi  anh chị,\r\n\r\n\r\n\r\n- Nghỉ   từ 05/02.  \n- Đi làm\t15/02.\n\n',
      ),
    ).toBe('Kính gửi anh chị,\n\n- Nghỉ từ 05/02.\n- Đi làm 15/02.');
  });

  it('cleans a field by what it holds: a format only trimmed, lines kept, a name the catalogue’s way', () => {
    expect(cleanFieldText(' /om/contacts ', { pattern: '^/.*$' })).toBe('/om/contacts');
    expect(cleanFieldText(' +84 912 ', { pattern: '^.*$' })).toBe('+84 912');
    expect(cleanFieldText('a\nb', { multiline: true })).toBe('a\nb');
    expect(cleanFieldText(' #An  Bình', {})).toBe('An Bình');
  });
});

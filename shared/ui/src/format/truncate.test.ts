import { describe, expect, it } from 'vitest';
import { TruncateLimits, shortenText, shortenToFit, truncateText } from './truncate.ts';

describe('truncation', () => {
  it('has the limits of catalogues §9', () => {
    expect(TruncateLimits).toEqual({
      name: 50,
      code: 20,
      description: 50,
      note: 50,
      orgDescription: 100,
      formName: 80,
      summary: 100,
    });
  });

  it('cuts longer texts and adds ...; shorter ones come back unchanged', () => {
    expect(truncateText('a'.repeat(50), 'name')).toBe('a'.repeat(50));
    expect(truncateText('a'.repeat(51), 'name')).toBe(`${'a'.repeat(50)}...`);
    expect(truncateText('MA-NHAN-VIEN-000000001', 'code')).toBe('MA-NHAN-VIEN-0000000...');
    expect(truncateText('Phòng Nhân sự', 5)).toBe('Phòng...');
    expect(truncateText(null, 'note')).toBe('');
  });

  it('counts characters, not UTF-16 units', () => {
    expect(truncateText('😀😀😀', 2)).toBe('😀😀...');
  });

  it('text helper: 20 characters, 10 when the text has no spaces', () => {
    expect(shortenText('Nguyễn Văn An Bình Minh')).toBe('Nguyễn Văn An Bình M...');
    expect(shortenText('Ngắn gọn')).toBe('Ngắn gọn');
    expect(shortenText('abcdefghijklmnop')).toBe('abcdefghij...');
    expect(shortenText('abcdefghij')).toBe('abcdefghij');
    expect(shortenText('one two three four five', 8)).toBe('one two...');
  });

  it('the other helper: limit minus 4 plus ...', () => {
    expect(shortenToFit('abcdefghijklmnopqrstuvwxyz')).toBe('abcdefghijklmnop...');
    expect(shortenToFit('abcdefghijklmnopqrst')).toBe('abcdefghijklmnopqrst');
  });
});

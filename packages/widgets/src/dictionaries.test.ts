import { describe, expect, it } from 'vitest';
import vi from '../i18n/vi.json';
import en from '../i18n/en.json';

const keys = (value: unknown, prefix = ''): string[] =>
  typeof value === 'object' && value !== null
    ? Object.entries(value).flatMap(([key, inner]) => keys(inner, prefix ? `${prefix}.${key}` : key))
    : [prefix];

describe('the widgets’ dictionaries', () => {
  it('exist in Vietnamese and English with the same keys', () => {
    expect(keys(vi).sort()).toEqual(keys(en).sort());
  });

  it('write the template picker’s Vietnamese with its diacritics', () => {
    const { templatePicker } = vi;
    expect(templatePicker.searchPlaceholder).toBe('Tìm kiếm theo tên mẫu');
    expect([templatePicker.select, templatePicker.cancel, templatePicker.empty]).toEqual([
      'Chọn',
      'Hủy',
      'Không có dữ liệu',
    ]);
  });
});

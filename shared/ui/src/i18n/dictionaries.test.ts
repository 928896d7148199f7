import { describe, expect, it } from 'vitest';
import { FieldErrorKeys } from '@hcm/contracts';
import viJson from '../../i18n/vi.json';
import enJson from '../../i18n/en.json';

const load = (lang: 'vi' | 'en') => (lang === 'vi' ? viJson : enJson) as Record<string, unknown>;
const keys = (value: unknown, prefix = ''): string[] =>
  typeof value === 'object' && value !== null
    ? Object.entries(value).flatMap(([key, inner]) => keys(inner, prefix ? `${prefix}.${key}` : key))
    : [prefix];

describe("the kit's dictionaries", () => {
  it('exist in Vietnamese and English with the same keys', () => {
    expect(keys(load('vi')).sort()).toEqual(keys(load('en')).sort());
  });

  it('have a message for every field error key of the contracts', () => {
    const vi = keys(load('vi'));
    for (const key of Object.values(FieldErrorKeys)) expect(vi).toContain(key);
  });

  it('write Vietnamese with its diacritics', () => {
    const text = JSON.stringify(load('vi'));
    for (const word of [
      'bắt buộc',
      'Tìm kiếm',
      'Số dòng mỗi trang',
      'Xác nhận xóa',
      'Chờ phê duyệt',
      'Cảnh báo',
    ])
      expect(text).toContain(word);
  });

  it('carry the actual and required values in length and range messages', () => {
    const vi = load('vi') as { error: Record<string, string> };
    for (const key of ['minlength', 'maxlength', 'min', 'max']) {
      expect(vi.error[key]).toContain('{{required}}');
      expect(vi.error[key]).toContain('{{actual}}');
    }
  });
});

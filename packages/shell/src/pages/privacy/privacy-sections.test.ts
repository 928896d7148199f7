import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readPrivacySections } from './privacy-sections.ts';

const dictionary = (language: string) =>
  JSON.parse(readFileSync(new URL(`../../../i18n/${language}.json`, import.meta.url), 'utf8')) as {
    pages: { privacy: { sections: unknown } };
  };

describe('privacy notice sections', () => {
  it('reads headings, paragraphs and lists, and nothing from a dictionary that failed', () => {
    expect(readPrivacySections([{ heading: 'A', paragraphs: ['p'] }, { items: ['x'] }, 'x'])).toEqual([
      { heading: 'A', paragraphs: ['p'], items: [] },
    ]);
    expect(readPrivacySections('pages.privacy.sections')).toEqual([]);
  });

  it('has the same ten sections in Vietnamese and English', () => {
    const vi = readPrivacySections(dictionary('vi').pages.privacy.sections);
    const en = readPrivacySections(dictionary('en').pages.privacy.sections);
    expect(vi).toHaveLength(10);
    expect(en.map((s) => [s.paragraphs.length, s.items.length])).toEqual(
      vi.map((s) => [s.paragraphs.length, s.items.length]),
    );
  });
});

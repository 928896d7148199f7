import { describe, expect, it } from 'vitest';
import { previewKindOf } from './preview-kind.ts';

describe('what a file preview can show', () => {
  it('shows pdf, images and video, by content type first', () => {
    expect(previewKindOf('HDSD.bin', 'application/pdf')).toBe('pdf');
    expect(previewKindOf('so-do.png', 'image/png')).toBe('image');
    expect(previewKindOf('gioi-thieu.mp4', 'video/mp4; codecs=avc1')).toBe('video');
    expect(previewKindOf('Hướng dẫn chấm công.PDF')).toBe('pdf');
    expect(previewKindOf('anh.JPEG')).toBe('image');
  });

  it('does not preview word, excel, json, zip, nor an svg (a script could hide in it)', () => {
    for (const name of ['a.docx', 'b.xlsx', 'c.json', 'd.zip', 'e.pptx', 'no-extension'])
      expect(previewKindOf(name)).toBe('unsupported');
    expect(previewKindOf('logo.svg', 'image/svg+xml')).toBe('unsupported');
    expect(
      previewKindOf('bang-luong.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
    ).toBe('unsupported');
  });
});

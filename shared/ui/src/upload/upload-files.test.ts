import { describe, expect, it } from 'vitest';
import { addUploadFiles, isAccepted } from './upload-files.ts';

const MB = 1048576;
const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('upload limits', () => {
  it('accepts by extension, MIME type or MIME family; any type when no list', () => {
    expect(isAccepted(file('CV.PDF', 'application/pdf'), ['.pdf'])).toBe(true);
    expect(isAccepted(file('a.png', 'image/png'), ['image/*'])).toBe(true);
    expect(isAccepted(file('a.docx', ''), ['application/pdf', '.xlsx'])).toBe(false);
    expect(isAccepted(file('a.exe', 'application/x-msdownload'), [])).toBe(true);
  });

  it('skips files of other types silently', () => {
    const result = addUploadFiles([], [file('a.pdf', 'application/pdf'), file('b.exe', '')], {
      accept: ['.pdf'],
    });
    expect(result.files.map((f) => f.name)).toEqual(['a.pdf']);
    expect(result.problem).toBeNull();
  });

  it('skips files over the size limit with maxFileSize (size in MB)', () => {
    const result = addUploadFiles([], [file('small.pdf', '', MB), file('big.pdf', '', 5 * MB + 1)], {
      maxSizeMB: 5,
    });
    expect(result.files.map((f) => f.name)).toEqual(['small.pdf']);
    expect(result.problem).toEqual({ key: 'maxFileSize', size: 5 });
  });

  it('adds none of a batch that would pass the count limit, with maxUploadFile (count)', () => {
    const current = [file('1.pdf', ''), file('2.pdf', '')];
    const result = addUploadFiles(current, [file('3.pdf', ''), file('4.pdf', '')], { maxFiles: 3 });
    expect(result.files).toEqual(current);
    expect(result.problem).toEqual({ key: 'maxUploadFile', max: 3 });
    expect(addUploadFiles(current, [file('3.pdf', '')], { maxFiles: 3 }).files).toHaveLength(3);
  });

  it('defaults to 10 files of 5 MB', () => {
    const many = Array.from({ length: 11 }, (_, i) => file(`${i}.pdf`, ''));
    expect(addUploadFiles([], many).problem).toEqual({ key: 'maxUploadFile', max: 10 });
    expect(addUploadFiles([], [file('a', '', 5 * MB)]).problem).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { fromClipboardText, toClipboardText } from './clipboard.ts';

describe('ranges on the clipboard, as Excel writes them', () => {
  it('reads tab-separated rows ended by CR LF, the last line break not a row', () => {
    expect(fromClipboardText('1\t2\r\n3\t4\r\n')).toEqual([
      ['1', '2'],
      ['3', '4'],
    ]);
    expect(fromClipboardText('1\t\t3\n')).toEqual([['1', '', '3']]);
    expect(fromClipboardText('single')).toEqual([['single']]);
  });

  it('reads quoted cells holding tabs, line breaks and doubled quotes', () => {
    expect(fromClipboardText('"a\tb"\t"line\r\nnext"\t"say ""hi"""\r\n')).toEqual([
      ['a\tb', 'line\r\nnext', 'say "hi"'],
    ]);
  });

  it('writes what it reads back, quoting only where Excel does', () => {
    const cells = [
      ['Nguyễn Văn A', '1.500.000', ''],
      ['tab\there', 'quote "x"', 'two\nlines'],
    ];
    const text = toClipboardText(cells);
    expect(text.startsWith('Nguyễn Văn A\t1.500.000\t\r\n')).toBe(true);
    expect(fromClipboardText(text)).toEqual(cells);
  });
});

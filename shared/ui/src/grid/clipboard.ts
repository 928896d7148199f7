/**
 * Ranges on the clipboard as Excel writes and reads them: rows ended by CR LF (LF or CR alone
 * read too), cells separated by tabs, a cell holding a tab, a line break or a quote written in
 * double quotes with its quotes doubled. Excel ends the text with a line break; a last empty
 * line is not a row.
 */

const NEEDS_QUOTES = /[\t\r\n"]/;

/** One range as tab-separated text, each row ended by CR LF (what Excel puts on the clipboard). */
export function toClipboardText(cells: readonly (readonly string[])[]): string {
  return cells
    .map((row) =>
      row.map((cell) => (NEEDS_QUOTES.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join('\t'),
    )
    .map((line) => `${line}\r\n`)
    .join('');
}

/** Tab-separated text as rows of cells; quoted cells may hold tabs, line breaks and doubled quotes. */
export function fromClipboardText(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let atCellStart = true;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
      continue;
    }
    if (char === '"' && atCellStart) {
      quoted = true;
      atCellStart = false;
    } else if (char === '\t') {
      row.push(cell);
      cell = '';
      atCellStart = true;
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      atCellStart = true;
    } else {
      cell += char;
      atCellStart = false;
    }
  }
  // the text's last line, unless it was ended by a line break (Excel always ends it)
  if (!atCellStart || row.length > 0 || cell !== '') {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

import { inflateSync } from 'node:zlib';

/**
 * The text lines of a PDF as LibreOffice writes it (for tests, no PDF library needed): its
 * compressed streams inflated, the fonts' ToUnicode maps (bfchar and bfrange) read, and each
 * text object's hex-coded glyph strings (Tj, TJ) turned back into Unicode. Enough to prove that
 * Vietnamese text survived the conversion with a font that has its letters.
 */
export function pdfTextLines(pdf: Buffer): string[] {
  const source = pdf.toString('latin1');
  const streams: string[] = [];
  for (const match of source.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = source.indexOf('endstream', start);
    try {
      streams.push(inflateSync(pdf.subarray(start, end)).toString('latin1'));
    } catch {
      // an uncompressed or binary (font) stream: no text here
    }
  }
  const glyphs = new Map<string, string>();
  const hexText = (hex: string) =>
    String.fromCodePoint(...(hex.match(/.{4}/g) ?? []).map((h) => parseInt(h, 16)));
  for (const cmap of streams.filter((s) => s.includes('begincmap'))) {
    for (const [, pairs] of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
      for (const [, code, text] of (pairs ?? '').matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g))
        if (code && text) glyphs.set(code.toUpperCase(), hexText(text));
    for (const [, ranges] of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g))
      for (const [, from, to, first] of (ranges ?? '').matchAll(
        /<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g,
      )) {
        if (!from || !to || !first) continue;
        for (let code = parseInt(from, 16), n = 0; code <= parseInt(to, 16); code += 1, n += 1)
          glyphs.set(
            code.toString(16).toUpperCase().padStart(from.length, '0'),
            String.fromCodePoint(parseInt(first, 16) + n),
          );
      }
  }
  const width = [...glyphs.keys()][0]?.length ?? 2;
  const lines: string[] = [];
  for (const content of streams.filter((s) => s.includes('BT'))) {
    for (const [block] of content.matchAll(/BT[\s\S]*?ET/g)) {
      const codes = [...block.matchAll(/<([0-9A-Fa-f]+)>/g)].map((m) => m[1] ?? '').join('');
      const text = (codes.match(new RegExp(`.{${width}}`, 'g')) ?? [])
        .map((code) => glyphs.get(code.toUpperCase()) ?? '\uFFFD')
        .join('');
      if (text) lines.push(text);
    }
  }
  return lines;
}

import { inflateSync } from 'node:zlib';

/**
 * The text lines of a PDF as LibreOffice writes it, for a story that checks what a printed
 * document says (no PDF library here). Unlike the server tests' `pdfTextLines` (one font per
 * document, read in drawing order), this reads a real template: regular, bold and italic each a
 * subset with codes of its own, and letters the template's font lacks (ộ, ữ…) drawn afterwards in
 * a fallback font over gaps left for them. So each glyph is decoded through the ToUnicode map of
 * the font selected by the last `Tf`, placed by `Td`/`Tm`, the font's widths and the `TJ`
 * offsets, and the lines are read top to bottom, left to right.
 */
export function pdfText(pdf: Buffer): string[] {
  const objects = readObjects(pdf);
  const fonts = new Map<string, Font>();
  // every font resource name (/F1) → its font object → its widths and ToUnicode map
  for (const { dict } of objects.values()) {
    const fontDict = /\/Font\s*<<([^>]*)>>/.exec(dict)?.[1] ?? (isFontResources(dict) ? dict : undefined);
    if (!fontDict) continue;
    for (const [, name, ref] of fontDict.matchAll(/\/([A-Za-z0-9_.+-]+)\s+(\d+)\s+0\s+R/g)) {
      const font = objects.get(Number(ref));
      const toUnicode = font && /\/ToUnicode\s+(\d+)\s+0\s+R/.exec(font.dict)?.[1];
      const cmap = toUnicode ? objects.get(Number(toUnicode))?.stream : undefined;
      if (!name || !font || !cmap) continue;
      const firstChar = Number(/\/FirstChar\s+(\d+)/.exec(font.dict)?.[1] ?? 0);
      const widths = (/\/Widths\s*\[([^\]]*)\]/.exec(font.dict)?.[1] ?? '').trim().split(/\s+/).map(Number);
      fonts.set(name, { ...codeMapOf(cmap), width: (code) => widths[code - firstChar] ?? 500 });
    }
  }
  const glyphs: { page: number; x: number; y: number; text: string }[] = [];
  let page = 0;
  for (const { stream } of objects.values()) {
    if (!stream || !/\bBT\b/.test(stream)) continue;
    page += 1;
    for (const [block] of stream.matchAll(/\bBT\b[\s\S]*?\bET\b/g)) {
      let font: Font | undefined;
      let size = 0;
      let [lineX, lineY, x] = [0, 0, 0];
      const show = (hex: string) => {
        if (!font) return;
        for (const code of font.codes(hex)) {
          glyphs.push({ page, x, y: lineY, text: font.text(code) });
          x += (font.width(parseInt(code, 16)) / 1000) * size;
        }
      };
      for (const op of block.matchAll(
        /\/([A-Za-z0-9_.+-]+)\s+([\d.]+)\s+Tf|(-?[\d.]+)\s+(-?[\d.]+)\s+Td|(?:-?[\d.]+\s+){4}(-?[\d.]+)\s+(-?[\d.]+)\s+Tm|\[([^\]]*)\]\s*TJ|<([0-9A-Fa-f\s]*)>\s*Tj/g,
      )) {
        const [, fontName, fontSize, dx, dy, tmX, tmY, array, hex] = op;
        if (fontName) [font, size] = [fonts.get(fontName), Number(fontSize)];
        else if (dx !== undefined)
          [lineX, lineY, x] = [lineX + Number(dx), lineY + Number(dy), lineX + Number(dx)];
        else if (tmX !== undefined) [lineX, lineY, x] = [Number(tmX), Number(tmY), Number(tmX)];
        else if (hex !== undefined) show(hex.replace(/\s/g, ''));
        else
          for (const [, part, offset] of (array ?? '').matchAll(/<([0-9A-Fa-f\s]*)>|(-?[\d.]+)/g))
            if (part !== undefined) show(part.replace(/\s/g, ''));
            else x -= (Number(offset) / 1000) * size;
      }
    }
  }
  // a line: the glyphs of one baseline (to a tenth of a point) of one page, top of the page first
  const lines = new Map<number, { x: number; text: string }[]>();
  for (const glyph of glyphs) {
    const key = glyph.page * 1e6 - Math.round(glyph.y * 10);
    lines.set(key, [...(lines.get(key) ?? []), glyph]);
  }
  return [...lines.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, line]) =>
      line
        .sort((a, b) => a.x - b.x)
        .map((glyph) => glyph.text)
        .join(''),
    );
}

interface Font {
  codes(hex: string): string[];
  text(code: string): string;
  width(code: number): number;
}

/** A font-resources object (`<< /F1 30 0 R /F2 35 0 R >>` on its own): names of fonts only. */
function isFontResources(dict: string): boolean {
  return /^\s*(\/[A-Za-z0-9_.+-]+\s+\d+\s+0\s+R\s*)+$/.test(dict);
}

/** A ToUnicode CMap's bfchar and bfrange entries; the code width from its own entries. */
function codeMapOf(cmap: string): Pick<Font, 'codes' | 'text'> {
  const glyphs = new Map<string, string>();
  const hexText = (hex: string) =>
    String.fromCodePoint(...(hex.match(/.{4}/g) ?? []).map((h) => parseInt(h, 16)));
  let width = 4;
  for (const [, pairs] of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const [, code, text] of (pairs ?? '').matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g))
      if (code && text) {
        width = code.length;
        glyphs.set(code.toUpperCase(), hexText(text));
      }
  for (const [, ranges] of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g))
    for (const [, from, to, first] of (ranges ?? '').matchAll(
      /<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g,
    )) {
      if (!from || !to || !first) continue;
      width = from.length;
      for (let code = parseInt(from, 16), n = 0; code <= parseInt(to, 16); code += 1, n += 1)
        glyphs.set(
          code.toString(16).toUpperCase().padStart(from.length, '0'),
          String.fromCodePoint(parseInt(first, 16) + n),
        );
    }
  return {
    codes: (hex) => hex.match(new RegExp(`.{${width}}`, 'g')) ?? [],
    text: (code) => glyphs.get(code.toUpperCase()) ?? '\uFFFD',
  };
}

/** Every `n 0 obj … endobj`: its dictionary and its stream (inflated when it was compressed). */
function readObjects(pdf: Buffer): Map<number, { dict: string; stream?: string }> {
  const source = pdf.toString('latin1');
  const objects = new Map<number, { dict: string; stream?: string }>();
  for (const match of source.matchAll(/(\d+)\s+0\s+obj\b/g)) {
    const start = match.index + match[0].length;
    const end = source.indexOf('endobj', start);
    if (end < 0) continue;
    const body = source.slice(start, end);
    const streamAt = body.search(/stream\r?\n/);
    if (streamAt < 0) {
      objects.set(Number(match[1]), { dict: stripDict(body) });
      continue;
    }
    const dict = body.slice(0, streamAt);
    const dataStart = start + streamAt + (body.slice(streamAt).startsWith('stream\r\n') ? 8 : 7);
    const dataEnd = source.lastIndexOf('endstream', end);
    const raw = pdf.subarray(dataStart, dataEnd);
    let stream: string | undefined;
    try {
      stream = /\/FlateDecode/.test(dict) ? inflateSync(raw).toString('latin1') : raw.toString('latin1');
    } catch {
      stream = undefined; // a stream of another filter: no text of ours
    }
    objects.set(Number(match[1]), { dict: stripDict(dict), stream });
  }
  return objects;
}

/** The inside of an object's outer `<< … >>`. */
function stripDict(text: string): string {
  const trimmed = text.trim();
  return trimmed.startsWith('<<') && trimmed.endsWith('>>') ? trimmed.slice(2, -2) : trimmed;
}

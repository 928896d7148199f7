import { ImportLimits } from '@hcm/contracts';
import { streamXml } from './stream-xml.ts';
import type { InflateBudget, ZipEntry } from './zip-entries.ts';

/**
 * The texts of the shared strings the sheet refers to, and only those: the table is streamed
 * and every other string is dropped as it passes, and reading stops after the highest index
 * wanted. A huge table therefore costs inflating (capped by the budget), never memory.
 * Rich text runs are joined; phonetic runs (<rPh>) are left out, as Excel shows them.
 */
export async function readSharedStrings(
  zip: Buffer,
  entry: ZipEntry | undefined,
  budget: InflateBudget,
  wanted: ReadonlySet<number>,
): Promise<Map<number, string>> {
  const found = new Map<number, string>();
  if (!entry || wanted.size === 0) return found;
  let last = -1;
  for (const i of wanted) if (i > last) last = i;
  let index = -1;
  let keep = false;
  let inText = false;
  let inPhonetic = false;
  let text = '';
  await streamXml(zip, entry, budget, {
    open(name) {
      if (name === 'si') {
        index++;
        keep = wanted.has(index);
        text = '';
      } else if (name === 'rPh') inPhonetic = true;
      else if (name === 't') inText = !inPhonetic;
    },
    close(name) {
      if (name === 't') inText = false;
      else if (name === 'rPh') inPhonetic = false;
      else if (name === 'si' && keep) {
        found.set(index, text);
        keep = false;
      }
    },
    text(chunk) {
      if (keep && inText && text.length < ImportLimits.maxCellChars)
        text += chunk.slice(0, ImportLimits.maxCellChars - text.length);
    },
    done: () => index > last || (index === last && !keep),
  });
  return found;
}
